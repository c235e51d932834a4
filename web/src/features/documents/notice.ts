import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { getClientDocumentNotice } from '@onboard/query-api/contracts';
import { apiRequest } from '../../api/http.ts';

// The new-document notice alone, so the hub home loads no more of the documents feature than this.
export type DocumentNotice = ResponseOf<typeof getClientDocumentNotice>;
export type NoticeStatus = 'NEW_AND_SEEN' | 'OLD';

const noticePath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/new-document-notice`;

export function useDocumentNotice(clientId: string) {
  return useSWR<DocumentNotice>(noticePath(clientId));
}

/** Marks the notice seen (opening the documents) or dismissed; the hub's notice goes at once. */
export function useSetDocumentNotice(clientId: string) {
  const { mutate } = useSWRConfig();
  return async (status: NoticeStatus) => {
    await apiRequest('PUT', noticePath(clientId), { body: { newDocumentNoticeStatus: status } });
    await mutate<DocumentNotice>(
      noticePath(clientId),
      (notice) =>
        notice && { ...notice, newDocumentNoticeStatus: status, hasNewDocuments: false, newDocumentCount: 0 },
      { revalidate: false },
    );
  };
}
