import useSWR from 'swr';
import { apiRequest } from '../../api/http.ts';
import type { ResponseOf } from '@onboard/api-contract';
import type { getEmail, listEmails } from '@onboard/query-api/contracts';

// Answer types from the routes' contracts, never written twice.
export type EmailSummary = ResponseOf<typeof listEmails>[number];
export type EmailDetail = ResponseOf<typeof getEmail>;

/** 'All emails' and the client's e-mails show 25 a page (onboarding §7 "Lists"). */
export const EMAIL_PAGE_SIZE = 25;

export type EmailListQuery = {
  page: number;
  search: string;
  sortBy: 'createdAt' | 'subject' | 'to' | 'status' | 'kind';
  sortDirection: 'asc' | 'desc';
};
export const DEFAULT_EMAIL_QUERY: EmailListQuery = {
  page: 1,
  search: '',
  sortBy: 'createdAt',
  sortDirection: 'desc',
};

const params = (query: EmailListQuery) =>
  new URLSearchParams({
    limit: String(EMAIL_PAGE_SIZE),
    offset: String((query.page - 1) * EMAIL_PAGE_SIZE),
    sortBy: query.sortBy,
    sortDirection: query.sortDirection,
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
  });

/** One page and the total: staff read GET /api/emails and /count, the hub its client's list. */
export function useEmailPage(clientId: string | null, query: EmailListQuery) {
  return useSWR<{ items: EmailSummary[]; total: number }>(
    ['emails', clientId, JSON.stringify(query)],
    async () => {
      if (clientId !== null)
        return apiRequest('GET', `/api/clients/${encodeURIComponent(clientId)}/emails?${params(query)}`);
      const search = query.search.trim() ? `?${new URLSearchParams({ search: query.search.trim() })}` : '';
      const [items, { count }] = await Promise.all([
        apiRequest<EmailSummary[]>('GET', `/api/emails?${params(query)}`),
        apiRequest<{ count: number }>('GET', `/api/emails/count${search}`),
      ]);
      return { items, total: count };
    },
    { keepPreviousData: true },
  );
}

export function useEmail(clientId: string | null, emailId: string) {
  const path =
    clientId === null
      ? `/api/emails/${encodeURIComponent(emailId)}`
      : `/api/clients/${encodeURIComponent(clientId)}/emails/${encodeURIComponent(emailId)}`;
  return useSWR<EmailDetail>(path);
}

export const resendEmail = (emailId: string) =>
  apiRequest<{ emailId: string }>('POST', `/api/emails/${encodeURIComponent(emailId)}/resend`);

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
