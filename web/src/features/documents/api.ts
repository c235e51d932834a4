import { useSWRConfig } from 'swr';
import { MAX_CLIENT_DOCUMENT_BYTES, DOCUMENT_MESSAGES } from '@onboard/domain/web';
import { call, pathTo, readKey, useRead, type Read } from '../../api/client.ts';
import { download, downloadFile } from '../../api/download.ts';
import { upload } from '../../api/upload.ts';
import { matchesEveryWord } from '../../ui/format.ts';

// Answer types from the routes' contracts, never written twice.
export type ClientDocument = Read<'/api/clients/{clientId}/documents/meta'>[number];

/** Where every read of a client's documents starts. */
export const documentsPath = (clientId: string) => pathTo('/api/clients/{clientId}/documents', { clientId });
const listPath = (clientId: string) => readKey('/api/clients/{clientId}/documents/meta', { clientId });
export { documentsScreenPath } from './paths.ts';

export function useDocuments(clientId: string) {
  return useRead('/api/clients/{clientId}/documents/meta', { clientId });
}

/** A document's words match every word of the search (name, category, uploader). */
export const matchesDocumentSearch = (
  doc: Pick<ClientDocument, 'name' | 'categoryLabel' | 'uploadedBy'>,
  search: string,
) => matchesEveryWord(search, doc.name, doc.categoryLabel, doc.uploadedBy);

/** The check the server makes on size, before sending megabytes it would refuse. */
export const sizeProblem = (file: { name: string; size: number }) =>
  file.size > MAX_CLIENT_DOCUMENT_BYTES ? `${file.name}: ${DOCUMENT_MESSAGES.tooLarge}` : null;

export type Filing = { category: string; policyId: string | null };

/** The files as one multipart upload, filed under a category (and a policy). */
export const uploadDocuments = (
  clientId: string,
  files: readonly File[],
  filing: Filing,
  onProgress: (fraction: number) => void,
) =>
  upload('/api/clients/{clientId}/documents', {
    params: { clientId },
    body: { files, fields: { category: filing.category, policyId: filing.policyId ?? undefined } },
    onProgress,
  });

/** Renames one of the client's documents; a census file is renamed by its census (the server routes it). */
export const renameDocument = (clientId: string, documentId: string, name: string) =>
  call('put', '/api/clients/{clientId}/documents/{documentId}/rename', {
    params: { clientId, documentId },
    body: { name },
  });

/** Deletes one of the client's documents; the server refuses in words (someone else's file, a kept one). */
export const deleteDocument = (clientId: string, documentId: string) =>
  call('delete', '/api/clients/{clientId}/documents/{documentId}', { params: { clientId, documentId } });

/** Rename, delete and zip; each reads the list again (the read model catches up within moments). */
export function useDocumentWrites(clientId: string) {
  const { mutate } = useSWRConfig();
  const key = listPath(clientId);
  const refresh = async () => {
    await mutate(key);
    setTimeout(() => void mutate(key), 700);
  };
  return {
    refresh,
    rename: async (doc: ClientDocument, name: string) => {
      await renameDocument(clientId, doc.documentId, name);
      await mutate<ClientDocument[]>(
        key,
        (list) => list?.map((d) => (d.documentId === doc.documentId ? { ...d, name: name.trim() } : d)),
        {
          revalidate: false,
        },
      );
      await refresh();
    },
    remove: async (doc: ClientDocument) => {
      await deleteDocument(clientId, doc.documentId);
      // Accepted: the list drops it at once and is read again behind the notice.
      await mutate<ClientDocument[]>(key, (list) => list?.filter((d) => d.documentId !== doc.documentId), {
        revalidate: false,
      });
      void refresh();
    },
    download: (doc: ClientDocument) => downloadFile(doc.downloadPath),
    zip: (documentIds: readonly string[]) =>
      download(
        '/api/clients/{clientId}/zipped-documents/ids',
        { clientId },
        { 'documentIds[]': [...documentIds] },
      ),
  };
}
