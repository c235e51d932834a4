import useSWR from 'swr';
import { call, readAllPages, readKey, useRead, type Read } from '../../api/client.ts';
import type { Role } from '../../api/types.ts';

/** User administration calls (spec onboarding §7 "Users"). */
export type UserKind = 'internal' | 'broker' | 'ben-admin';

export type UserPage = Read<`/api/users/${UserKind}`>;
export type UserListItem = UserPage['items'][number];
export type UserDetail = Read<`/api/users/${UserKind}/{userId}`>;

export type SortDirection = 'asc' | 'desc';

export type ListQuery = { page: number; search: string; sortBy: string; sortDirection: SortDirection };

/** Spec platform §9 / onboarding §7 "Lists": 25 a page, offset = (page - 1) x page size. */
export const PAGE_SIZE = 25;

export function useUserPage(kind: UserKind, query: ListQuery) {
  return useSWR<UserPage>(
    readKey(`/api/users/${kind}`, {}, {
      limit: PAGE_SIZE,
      offset: (query.page - 1) * PAGE_SIZE,
      sortBy: query.sortBy,
      sortDirection: query.sortDirection,
      search: query.search.trim(),
    } as never),
    { keepPreviousData: true },
  );
}

export const useUser = (kind: UserKind, userId: string) => useRead(`/api/users/${kind}/{userId}`, { userId });

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  role?: Role;
  clientIds?: string[];
  sendWelcomeEmail: boolean;
};

export const createUser = (kind: UserKind, user: NewUser) =>
  call('post', `/api/users/${kind}`, { params: {}, body: user as never }) as Promise<UserDetail>;

export type ProfileChanges = Pick<NewUser, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>;

export const updateUser = (
  kind: UserKind,
  userId: string,
  version: number | undefined,
  changes: ProfileChanges,
) =>
  call('put', `/api/users/${kind}/{userId}`, {
    params: { userId },
    body: changes as never,
    headers: version === undefined ? {} : { 'If-Match': String(version) },
  }) as Promise<UserDetail>;

export const deleteUser = (kind: UserKind, userId: string) =>
  call('delete', `/api/users/${kind}/{userId}`, { params: { userId } });

/** The users staff assign clients to. */
type AssignableKind = Exclude<UserKind, 'internal'>;

export const assignClient = (kind: AssignableKind, userId: string, clientId: string) =>
  call('put', `/api/users/${kind}/{userId}/assign/{clientId}`, { params: { userId, clientId } });

export const unassignClient = (kind: AssignableKind, userId: string, clientId: string) =>
  call('put', `/api/users/${kind}/{userId}/unassign/{clientId}`, { params: { userId, clientId } });

export const sendActivationEmail = (kind: UserKind, userId: string) =>
  call('post', `/api/users/${kind}/{userId}/activation-email`, { params: { userId } });

export const createActivationLink = (userId: string) =>
  call('post', '/api/users/{userId}/activation-link', { params: { userId } });

export const resetPasswordFor = (userId: string) =>
  call('post', '/api/users/reset-password/userId/{userId}', { params: { userId } });

export const resetMfaFor = (email: string) =>
  call('post', '/api/users/reset-mfa/{email}', { params: { email } });

export const changeBenAdminToBroker = (userId: string) =>
  call('post', '/api/users/ben-admin/{userId}/change-to-broker', { params: { userId } });

export type ClientOption = Pick<Read<'/api/users/{userId}/clients'>['items'][number], 'id' | 'name'>;

/** Every kind of client a list leaves out by default: test ones, archived ones, archived test ones. */
const ASSIGNED_LISTS = [
  {},
  { isTest: 'true' },
  { archived: 'true' },
  { archived: 'true', isTest: 'true' },
] as const;

/**
 * The names of a broker's or ben-admin's clients (GET /api/users/{userId}/clients): the real ones, the test
 * ones and the archived ones (of either kind), so every assigned client shows by name.
 */
export function useAssignedClientNames(userId: string, clientIds: readonly string[]) {
  return useSWR<Map<string, string>>(`assigned-client-names/${userId}/${clientIds.join(',')}`, async () => {
    const lists = await Promise.all(
      ASSIGNED_LISTS.map((filter) => readAllPages('/api/users/{userId}/clients', { userId }, filter)),
    );
    return new Map(lists.flat().map((client) => [client.id, client.name]));
  });
}
