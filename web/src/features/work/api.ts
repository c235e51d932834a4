import { useRead, type Read } from '../../api/client.ts';

/** GET /api/users/{userId}/work: the person and what waits on them. */
export type UserWork = Read<'/api/users/{userId}/work'>;
export type WorkItem = UserWork['items'][number];
type UserSearchPage = Read<'/api/users'>;
export type PersonChoice = Pick<UserSearchPage['items'][number], 'id' | 'name' | 'email' | 'role'>;

export const useUserWork = (userId: string) =>
  useRead('/api/users/{userId}/work', { userId }, undefined, { keepPreviousData: true });

/** Staff find a person of any role by name or e-mail (GET /api/users?q=), the first 10. */
export function usePeopleSearch(query: string, isPaused: boolean) {
  return useRead('/api/users', isPaused ? null : {}, { limit: 10, q: query }, { keepPreviousData: true });
}
