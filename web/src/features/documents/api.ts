import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { listDocumentsMeta } from '@onboard/query-api/contracts';
import { MAX_CLIENT_DOCUMENT_BYTES, DOCUMENT_MESSAGES } from '@onboard/domain/web';
import { ApiError, interpretFailure, isInvalidTokenAnswer, noResponseError } from '../../api/errors.ts';
import { apiRequest, CSRF_COOKIE, CSRF_HEADER, readCookie, refreshSession } from '../../api/http.ts';
import { downloadFile } from '../../api/download.ts';

// Answer types from the routes' contracts, never written twice.
export type ClientDocument = ResponseOf<typeof listDocumentsMeta>[number];

const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;
export const documentsPath = (clientId: string) => `${clientPath(clientId)}/documents`;
const listPath = (clientId: string) => `${documentsPath(clientId)}/meta`;
export { documentsScreenPath } from './paths.ts';

export function useDocuments(clientId: string) {
  return useSWR<ClientDocument[]>(listPath(clientId));
}

/** A document's words match every word of the search (name, category, uploader). */
export function matchesDocumentSearch(
  doc: Pick<ClientDocument, 'name' | 'categoryLabel' | 'uploadedBy'>,
  search: string,
): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${doc.name} ${doc.categoryLabel} ${doc.uploadedBy}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** '12 KB', '1.4 MB': a file's size as people read it. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/tiff': 'TIFF image',
  'text/csv': 'CSV',
  'text/plain': 'Text',
  'text/html': 'Web page',
  'video/mp4': 'MP4 video',
  'application/zip': 'ZIP archive',
  'application/msword': 'Word document',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
};
export const fileKindLabel = (mimeType: string) => KINDS[mimeType] ?? 'File';

/** The check the server makes on size, before sending megabytes it would refuse. */
export const sizeProblem = (file: { name: string; size: number }) =>
  file.size > MAX_CLIENT_DOCUMENT_BYTES ? `${file.name}: ${DOCUMENT_MESSAGES.tooLarge}` : null;

export type Filing = { category: string; policyId: string | null };

/**
 * The files as one multipart upload, through XMLHttpRequest because fetch reports no upload progress. An
 * expired access token is renewed once and the upload retried (platform §8), as every API call does.
 */
export function uploadDocuments(
  clientId: string,
  files: readonly File[],
  filing: Filing,
  onProgress: (fraction: number) => void,
  isAfterRefresh = false,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('category', filing.category);
    if (filing.policyId) form.append('policyId', filing.policyId);
    for (const file of files) form.append('files', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', documentsPath(clientId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = readCookie(document.cookie, CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(noResponseError()));
    xhr.onload = () => {
      const bodyText = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(bodyText));
        return;
      }
      const { error } = interpretFailure(
        { status: xhr.status, contentType: xhr.getResponseHeader('content-type'), bodyText },
        window.location.pathname,
      );
      const failure = new ApiError(error);
      if (xhr.status === 401 && !isAfterRefresh && isInvalidTokenAnswer(bodyText, failure.body)) {
        void refreshSession().then((isRenewed) =>
          isRenewed
            ? uploadDocuments(clientId, files, filing, onProgress, true).then(resolve, reject)
            : reject(failure),
        );
        return;
      }
      reject(failure);
    };
    xhr.send(form);
  });
}

/** Renames one of the client's documents; a census file is renamed by its census (the server routes it). */
export const renameDocument = (clientId: string, documentId: string, name: string) =>
  apiRequest('PUT', `${documentsPath(clientId)}/${encodeURIComponent(documentId)}/rename`, {
    body: { name },
  });

/** Deletes one of the client's documents; the server refuses in words (someone else's file, a kept one). */
export const deleteDocument = (clientId: string, documentId: string) =>
  apiRequest('DELETE', `${documentsPath(clientId)}/${encodeURIComponent(documentId)}`);

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
    zip: (documentIds: readonly string[]) => {
      const query = documentIds.map((id) => `documentIds[]=${encodeURIComponent(id)}`).join('&');
      return downloadFile(`${clientPath(clientId)}/zipped-documents/ids?${query}`);
    },
  };
}
