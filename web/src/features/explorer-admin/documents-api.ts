import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  UNSUPPORTED_TYPE_MESSAGE,
  uploadMimeType,
  type StoredDocument,
} from '@onboard/domain/web';
import { ApiError, interpretFailure, isInvalidTokenAnswer, noResponseError } from '../../api/errors.ts';
import { apiRequest, CSRF_COOKIE, CSRF_HEADER, readCookie, refreshSession } from '../../api/http.ts';
import { explorerPagePath } from './api.ts';

const DOCUMENTS_PATH = '/api/documents';
/** What the file pickers offer (the server's list, by extension as well for systems without types). */
export const UPLOAD_ACCEPT = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'video/mp4',
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.mp4',
];

export type ExplorerDocumentBody = {
  documentId: string;
  documentKey: string;
  name: string;
  benefitType: string | null;
  language: string | null;
};

/** The checks the server makes on type and size, before sending megabytes it would refuse. */
export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!uploadMimeType(file.type)) return UNSUPPORTED_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

const failure = (status: number, contentType: string | null, bodyText: string) =>
  new ApiError(interpretFailure({ status, contentType, bodyText }, window.location.pathname).error);

/**
 * The file itself as the body, through XMLHttpRequest because fetch reports no upload progress. An expired
 * access token is renewed once and the upload retried (platform §8), as every API call does.
 */
export function uploadDocument(
  file: File,
  onProgress: (fraction: number) => void,
  isAfterRefresh = false,
): Promise<StoredDocument> {
  return new Promise<StoredDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', DOCUMENTS_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', file.type);
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    const csrf = readCookie(document.cookie, CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(noResponseError()));
    xhr.onload = () => {
      const bodyText = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(bodyText) as StoredDocument);
        return;
      }
      const error = failure(xhr.status, xhr.getResponseHeader('content-type'), bodyText);
      if (xhr.status === 401 && !isAfterRefresh && isInvalidTokenAnswer(bodyText, error.body)) {
        void refreshSession().then((isRenewed) =>
          isRenewed ? uploadDocument(file, onProgress, true).then(resolve, reject) : reject(error),
        );
        return;
      }
      reject(error);
    };
    xhr.send(file);
  });
}

export const attachDocument = (clientId: string, explorerPageId: string, body: ExplorerDocumentBody) =>
  apiRequest<{ explorerPageId: string; version: number; document: ExplorerDocumentBody }>(
    'POST',
    `${explorerPagePath(clientId, explorerPageId)}/documents`,
    { body },
  );

export const documentDownloadPath = (explorerPageId: string, documentId: string) =>
  `/api/explorer-pages/${encodeURIComponent(explorerPageId)}/documents/${encodeURIComponent(documentId)}`;
