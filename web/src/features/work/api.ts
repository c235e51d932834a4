import useSWR from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { listUserWork, searchUsers } from '@onboard/query-api/contracts';

/** GET /api/users/{userId}/work: the person and what waits on them. */
export type UserWork = ResponseOf<typeof listUserWork>;
export type WorkItem = UserWork['items'][number];
type UserSearchPage = ResponseOf<typeof searchUsers>;
export type PersonChoice = Pick<UserSearchPage['items'][number], 'id' | 'name' | 'email' | 'role'>;

export function useUserWork(userId: string) {
  return useSWR<UserWork>(`/api/users/${encodeURIComponent(userId)}/work`, { keepPreviousData: true });
}

/** Staff find a person of any role by name or e-mail (GET /api/users?q=), the first 10. */
export function usePeopleSearch(query: string, isPaused: boolean) {
  return useSWR<UserSearchPage>(
    isPaused ? null : `/api/users?${new URLSearchParams({ limit: '10', ...(query ? { q: query } : {}) })}`,
    { keepPreviousData: true },
  );
}
