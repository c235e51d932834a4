import { z } from 'zod';
import { defineRoute, errors, json, problem } from '@onboard/api-contract';
import { MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES } from '@onboard/domain';

const StoredDocument = z
  .object({
    documentId: z.string(),
    name: z.string(),
    mimeType: z.enum(UPLOAD_MIME_TYPES),
    size: z.number().int(),
  })
  .passthrough()
  .meta({ id: 'StoredDocument' });

/** The upload to the document store: the body is the file itself. */
export const uploadDocument = defineRoute('POST /api/documents', {
  tag: 'documents',
  summary: 'Upload a file to the document store (staff)',
  description:
    `The body is the file itself, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, with its media type as ` +
    'Content-Type and its name (URI-encoded) in X-File-Name. Attach the answered documentId to a site ' +
    'with POST /api/clients/{clientId}/explorer-pages/{explorerPageId}/documents.',
  request: {
    headers: z.object({ 'x-file-name': z.string().meta({ description: 'The file name, URI-encoded' }) }),
    bodyContentTypes: UPLOAD_MIME_TYPES,
  },
  responses: {
    201: json(StoredDocument, 'Stored; the id to attach'),
    400: problem('Another type, an empty file, content that is not of the given type, or no file name'),
    ...errors.notStaff,
    413: problem('Larger than 20 MB'),
    422: problem('The configured store is read only (ONBOARD_DOCUMENT_BASE_URL)'),
  },
});
