import useSWR from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { listClients } from '@onboard/query-api/contracts';

/** The staff's client list (platform §7 Clients): 25 a page, searched by name. */
export const CLIENT_PAGE_SIZE = 25;

// Answer types from the route's contract (query-api), never written twice.
export type ClientPage = ResponseOf<typeof listClients>;
export type ClientListItem = ClientPage['items'][number];

export function clientListPath(page: number, search: string): string {
  const params = new URLSearchParams({
    limit: String(CLIENT_PAGE_SIZE),
    offset: String((page - 1) * CLIENT_PAGE_SIZE),
  });
  if (search.trim()) params.set('search', search.trim());
  return `/api/clients?${params}`;
}

export function useClientPage(page: number, search: string) {
  return useSWR<ClientPage>(clientListPath(page, search), { keepPreviousData: true });
}
