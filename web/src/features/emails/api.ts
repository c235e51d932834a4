import useSWR from 'swr';
import { call, get, useRead, type Read } from '../../api/client.ts';

export type EmailSummary = Read<'/api/emails'>[number];
export type EmailDetail = Read<'/api/emails/{emailId}'>;

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

const pageQuery = (query: EmailListQuery) => ({
  limit: EMAIL_PAGE_SIZE,
  offset: (query.page - 1) * EMAIL_PAGE_SIZE,
  sortBy: query.sortBy,
  sortDirection: query.sortDirection,
  search: query.search.trim(),
});

/** One page and the total: staff read GET /api/emails and /count, the hub its client's list. */
export function useEmailPage(clientId: string | null, query: EmailListQuery) {
  return useSWR<{ items: EmailSummary[]; total: number }>(
    ['emails', clientId, JSON.stringify(query)],
    async () => {
      if (clientId !== null) return get('/api/clients/{clientId}/emails', { clientId }, pageQuery(query));
      const [items, { count }] = await Promise.all([
        get('/api/emails', {}, pageQuery(query)),
        get('/api/emails/count', {}, { search: query.search.trim() }),
      ]);
      return { items, total: count };
    },
    { keepPreviousData: true },
  );
}

export function useEmail(clientId: string | null, emailId: string) {
  const staff = useRead('/api/emails/{emailId}', clientId === null ? { emailId } : null);
  const client = useRead(
    '/api/clients/{clientId}/emails/{emailId}',
    clientId === null ? null : { clientId, emailId },
  );
  return clientId === null ? staff : client;
}

export const resendEmail = (emailId: string) =>
  call('post', '/api/emails/{emailId}/resend', { params: { emailId } });

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
