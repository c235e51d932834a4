import useSWR from 'swr';
import { apiRequest, fetchAllPages } from '../../api/http.ts';
import type { Role } from '../../api/types.ts';

/** User administration calls (spec onboarding §7 "Users"). */
export type UserKind = 'internal' | 'broker' | 'ben-admin';

export type UserListItem = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  role: Role;
  clientIds: string[];
  firstLogin: string | null;
  lastLogin: string | null;
  welcomeEmailSentDate: string | null;
  version?: number;
};

export type UserDetail = UserListItem & { version: number; clients?: { id: string; name: string }[] };

export type UserPage = { items: UserListItem[]; total: number };

export type SortDirection = 'asc' | 'desc';

export type ListQuery = { page: number; search: string; sortBy: string; sortDirection: SortDirection };

/** Spec platform §9 / onboarding §7 "Lists": 25 a page, offset = (page - 1) x page size. */
export const PAGE_SIZE = 25;

function listPath(kind: UserKind, query: ListQuery): string {
  const params = new URLSearchParams({
    limit: String(PAGE_SIZE),
    offset: String((query.page - 1) * PAGE_SIZE),
    sortBy: query.sortBy,
    sortDirection: query.sortDirection,
  });
  if (query.search.trim()) params.set('search', query.search.trim());
  return `/api/users/${kind}?${params}`;
}

const userPath = (kind: UserKind, userId: string) => `/api/users/${kind}/${encodeURIComponent(userId)}`;

export function useUserPage(kind: UserKind, query: ListQuery) {
  return useSWR<UserPage>(listPath(kind, query), { keepPreviousData: true });
}

export function useUser(kind: UserKind, userId: string) {
  return useSWR<UserDetail>(userPath(kind, userId));
}

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
  apiRequest<UserDetail>('POST', `/api/users/${kind}`, { body: user });

export type ProfileChanges = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
};

export const updateUser = (
  kind: UserKind,
  userId: string,
  version: number | undefined,
  changes: ProfileChanges,
) =>
  apiRequest<UserDetail>('PUT', userPath(kind, userId), {
    body: changes,
    headers: version === undefined ? {} : { 'If-Match': String(version) },
  });

export const deleteUser = (kind: UserKind, userId: string) =>
  apiRequest<unknown>('DELETE', userPath(kind, userId));

export const assignClient = (kind: UserKind, userId: string, clientId: string) =>
  apiRequest<unknown>('PUT', `${userPath(kind, userId)}/assign/${encodeURIComponent(clientId)}`);

export const unassignClient = (kind: UserKind, userId: string, clientId: string) =>
  apiRequest<unknown>('PUT', `${userPath(kind, userId)}/unassign/${encodeURIComponent(clientId)}`);

export const sendActivationEmail = (kind: UserKind, userId: string) =>
  apiRequest<unknown>('POST', `${userPath(kind, userId)}/activation-email`);

export const createActivationLink = (userId: string) =>
  apiRequest<{ link: string }>('POST', `/api/users/${encodeURIComponent(userId)}/activation-link`);

export const resetPasswordFor = (userId: string) =>
  apiRequest<unknown>('POST', `/api/users/reset-password/userId/${encodeURIComponent(userId)}`);

export const resetMfaFor = (email: string) =>
  apiRequest<unknown>('POST', `/api/users/reset-mfa/${encodeURIComponent(email)}`);

export const changeBenAdminToBroker = (userId: string) =>
  apiRequest<unknown>('POST', `/api/users/ben-admin/${encodeURIComponent(userId)}/change-to-broker`);

export type ClientOption = { id: string; name: string };

/** Every kind of client a list leaves out by default: test ones, archived ones, archived test ones. */
const ASSIGNED_LISTS: Record<string, string>[] = [
  {},
  { isTest: 'true' },
  { archived: 'true' },
  { archived: 'true', isTest: 'true' },
];

/**
 * The names of a broker's or ben-admin's clients (GET /api/users/{userId}/clients): the real ones, the test
 * ones and the archived ones (of either kind), so every assigned client shows by name.
 */
export function useAssignedClientNames(userId: string, clientIds: readonly string[]) {
  const base = `/api/users/${encodeURIComponent(userId)}/clients`;
  return useSWR<Map<string, string>>(`assigned-client-names/${userId}/${clientIds.join(',')}`, async () => {
    const lists = await Promise.all(
      ASSIGNED_LISTS.map((filter) => fetchAllPages<ClientOption>(base, filter)),
    );
    return new Map(lists.flat().map((client) => [client.id, client.name]));
  });
}
