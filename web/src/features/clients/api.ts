import useSWR from 'swr';
import { useRead, type Read } from '../../api/client.ts';
import type { ClientListFilters } from '../../state/client-list-cookie.ts';

/** The client lists (platform §7 Clients): 25 a page. */
export const CLIENT_PAGE_SIZE = 25;

export type ClientPage = Read<'/api/clients'>;
export type ClientListItem = ClientPage['items'][number];

/** GET /api/clients (or /api/users/{userId}/clients) with the table's page, sort and filters. */
export function clientListPath(filters: ClientListFilters, base = '/api/clients'): string {
  const params = new URLSearchParams({
    limit: String(CLIENT_PAGE_SIZE),
    offset: String((filters.page - 1) * CLIENT_PAGE_SIZE),
    sortBy: filters.sortBy,
    sortDirection: filters.sortDirection,
  });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.phase) params.set('phase', filters.phase);
  if (filters.eifStatus) params.set('eifStatus', filters.eifStatus);
  if (filters.implementationConsultantUserId)
    params.set('implementationConsultantUserId', filters.implementationConsultantUserId);
  for (const flag of ['hasNigo', 'dueThisWeek', 'live', 'archived', 'isTest'] as const)
    if (filters[flag]) params.set(flag, 'true');
  return `${base}?${params}`;
}

export function useClientPage(filters: ClientListFilters) {
  return useSWR<ClientPage>(clientListPath(filters), { keepPreviousData: true });
}

/** The clients of the signed-in broker or ben-admin (their home), the next task due first. */
export function useOwnClients(userId: string, page = 1) {
  const query = {
    limit: CLIENT_PAGE_SIZE,
    offset: (page - 1) * CLIENT_PAGE_SIZE,
    sortBy: 'nextDueDate',
  } as const;
  return useRead('/api/users/{userId}/clients', { userId }, query, { keepPreviousData: true });
}

export type StaffUser = Read<'/api/users/slfs'>[number];

/** Staff (admins and owners) for the implementation-consultant filter: names, never ids. */
export const useStaffUsers = () => useRead('/api/users/slfs', {});

/**
 * The next task's due-date badge (onboarding §2 text, worked out by the server as of its today, so the
 * page carries no date library), or its plain date when the badge does not apply.
 */
export function nextTaskDue(next: ClientListItem['nextTask']) {
  if (!next?.dueDate) return null;
  return next.badge ?? { tone: 'due' as const, text: `Due by ${next.dueDate}` };
}
