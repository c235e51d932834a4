import { useSWRConfig } from 'swr';
import { call, readKey, useRead, type Read } from '../../api/client.ts';

// The new-document notice alone, so the hub home loads no more of the documents feature than this.
export type DocumentNotice = Read<'/api/clients/{clientId}/new-document-notice'>;
export type NoticeStatus = 'NEW_AND_SEEN' | 'OLD';

const noticePath = (clientId: string) => readKey('/api/clients/{clientId}/new-document-notice', { clientId });

export const useDocumentNotice = (clientId: string) =>
  useRead('/api/clients/{clientId}/new-document-notice', { clientId });

/** Marks the notice seen (opening the documents) or dismissed; the hub's notice goes at once. */
export function useSetDocumentNotice(clientId: string) {
  const { mutate } = useSWRConfig();
  return async (status: NoticeStatus) => {
    await call('put', '/api/clients/{clientId}/new-document-notice', {
      params: { clientId },
      body: { newDocumentNoticeStatus: status },
    });
    await mutate<DocumentNotice>(
      noticePath(clientId),
      (notice) =>
        notice && { ...notice, newDocumentNoticeStatus: status, hasNewDocuments: false, newDocumentCount: 0 },
      { revalidate: false },
    );
  };
}
