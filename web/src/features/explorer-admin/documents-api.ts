import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  UNSUPPORTED_TYPE_MESSAGE,
  uploadMimeType,
} from '@onboard/domain/web';
import { call, pathTo, type Body } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';

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

export type ExplorerDocumentBody = Body<
  'post',
  '/api/clients/{clientId}/explorer-pages/{explorerPageId}/documents'
>;

/** The checks the server makes on type and size, before sending megabytes it would refuse. */
export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!uploadMimeType(file.type)) return UNSUPPORTED_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

/** The file itself as the body, with its type and name; the answered id is then attached where it belongs. */
export const uploadDocument = (file: File, onProgress: (fraction: number) => void) =>
  upload('/api/documents', { params: {}, body: file, onProgress, contentType: file.type });

export const attachDocument = (clientId: string, explorerPageId: string, body: ExplorerDocumentBody) =>
  call('post', '/api/clients/{clientId}/explorer-pages/{explorerPageId}/documents', {
    params: { clientId, explorerPageId },
    body,
  });

export const documentDownloadPath = (explorerPageId: string, documentId: string) =>
  pathTo('/api/explorer-pages/{explorerPageId}/documents/{documentId}', { explorerPageId, documentId });
