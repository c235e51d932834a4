import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES } from '@onboard/domain';

type Response = RouteConfig['responses'][number];
type Add = (
  method: RouteConfig['method'],
  path: string,
  tag: string,
  summary: string,
  operation: Omit<RouteConfig, 'method' | 'path' | 'responses'> & { responses: RouteConfig['responses'] },
) => void;

const StoredDocument = z.object({
  documentId: z.string(),
  name: z.string(),
  mimeType: z.enum(UPLOAD_MIME_TYPES),
  size: z.number().int(),
});

/** The upload to the document store (command-api/src/documents). */
export function addDocumentPaths(
  add: Add,
  { json, problem }: { json: (schema: z.ZodType, d: string) => Response; problem: (d: string) => Response },
) {
  const file = z.string().openapi({ format: 'binary' });
  add('post', '/api/documents', 'documents', 'Upload a file to the document store (staff)', {
    description:
      `The body is the file itself, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, with its media type as ` +
      'Content-Type and its name (URI-encoded) in X-File-Name. Attach the answered documentId to a site ' +
      'with POST /api/clients/{clientId}/explorer-pages/{explorerPageId}/documents.',
    request: {
      headers: z.object({ 'x-file-name': z.string().openapi({ description: 'The file name, URI-encoded' }) }),
      body: {
        required: true,
        content: Object.fromEntries(UPLOAD_MIME_TYPES.map((type) => [type, { schema: file }])),
      },
    },
    responses: {
      201: json(StoredDocument, 'Stored; the id to attach'),
      400: problem('Another type, an empty file, content that is not of the given type, or no file name'),
      403: problem('Not staff'),
      413: problem('Larger than 20 MB'),
      422: problem('The configured store is read only (ONBOARD_DOCUMENT_BASE_URL)'),
    },
  });
}
