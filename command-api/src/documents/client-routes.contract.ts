import { z } from 'zod';
import { errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { MAX_CLIENT_DOCUMENT_BYTES, MAX_FILES_PER_UPLOAD } from '@onboard/domain';
import { NEW_DOCUMENT_NOTICE_STATUSES } from '@onboard/events';

const clientParams = pathParams('clientId');
const documentParams = clientParams.extend({ documentId: z.string().min(1) });

/** A client document as a write answers it. */
export const ClientDocument = z
  .object({
    documentId: z.string(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    category: z.string(),
    policyId: z.string().nullable(),
    language: z.string().nullable(),
    createdAt: z.string(),
    deletedAt: z.string().nullable(),
  })
  .meta({ id: 'ClientDocumentWritten' });

const Filing = {
  category: z.string().meta({ description: 'One of the document categories (GET /api/document-categories)' }),
  policyId: z.string().nullable().optional(),
  language: z.enum(['en', 'es']).nullable().optional(),
};

/** The writes on a client's documents. */
const documentRoute = routeFamily({ tag: 'documents' });

export const uploadClientDocuments = documentRoute('POST /api/clients/{clientId}/documents', {
  summary: 'Upload one or more documents for the client (multipart)',
  description:
    `multipart/form-data: the files (any field name), each up to ${MAX_CLIENT_DOCUMENT_BYTES / 1024 / 1024} MB, ` +
    'and the fields category, policyId and language. Each file’s type is decided from its content; PDF or ' +
    'HTML with scripts is refused with EMBEDDED_SCRIPTS. Every file is checked before any is kept.',
  request: {
    params: clientParams,
    multipart: {
      fields: z.object({
        category: Filing.category,
        policyId: z.string().optional().meta({ description: 'The policy the documents are filed under' }),
        language: z.enum(['en', 'es']).optional(),
      }),
      files: {
        name: 'files',
        description: `The files (under any field name), each up to ${MAX_CLIENT_DOCUMENT_BYTES / 1024 / 1024} MB`,
        maxCount: MAX_FILES_PER_UPLOAD,
      },
    },
  },
  responses: {
    201: json(z.array(ClientDocument), 'The documents kept'),
    400: problem('No file, an unknown category, a file of a refused type, or one with active content'),
    ...errors.notYours,
    ...errors.noClient,
    413: problem('A file is too large'),
    415: problem('Not multipart/form-data'),
  },
});

export const renameClientDocument = documentRoute(
  'PUT /api/clients/{clientId}/documents/{documentId}/rename',
  {
    summary: 'Rename a document',
    request: { params: documentParams, body: z.object({ name: z.string() }) },
    responses: {
      200: json(ClientDocument, 'Renamed'),
      400: problem('An empty or too long name'),
      ...errors.notYours,
      404: problem('No such document'),
      422: problem('A completed onboarding form, kept as signed'),
    },
  },
);

export const deleteClientDocument = documentRoute('DELETE /api/clients/{clientId}/documents/{documentId}', {
  summary:
    'Delete a document (kept with deletedAt; the client’s people delete only their own uploads; a census file by the census rules)',
  request: { params: documentParams },
  responses: {
    204: { description: 'Deleted' },
    400: problem('A submitted census file, kept as the record of what was sent'),
    403: problem('Not yours, or uploaded by someone else'),
    404: problem('No such document'),
    422: problem('A completed onboarding form, kept as signed'),
  },
});

export const changeClientDocumentsMeta = documentRoute('PUT /api/clients/{clientId}/documents/meta', {
  summary: 'Change the filing (category, policy, language) of one or more documents',
  request: {
    params: clientParams,
    body: z.object({ documentIds: z.array(z.string()).min(1).max(100), ...Filing }),
  },
  responses: {
    200: json(z.array(ClientDocument), 'The documents as they now are'),
    400: problem('An unknown category or language'),
    ...errors.notYours,
    404: problem('No such document'),
  },
});

export const uploadClientVideo = documentRoute('POST /api/clients/{clientId}/documents/vidyard/upload', {
  summary: 'Upload a video (multipart, one MP4 file); the video port keeps and serves it',
  request: {
    params: clientParams,
    multipart: { files: { name: 'file', description: 'One MP4 video', maxCount: 1 } },
  },
  responses: {
    201: json(z.object({ vidyardId: z.string(), name: z.string(), size: z.number().int() }), 'Kept'),
    400: problem('No file, or not an MP4 video'),
    ...errors.notYours,
    ...errors.noClient,
    413: problem('Too large'),
    415: problem('Not multipart/form-data'),
  },
});

export const deleteClientVideo = documentRoute(
  'DELETE /api/clients/{clientId}/documents/vidyard/delete/{vidyardId}',
  {
    summary: 'Delete a video',
    request: { params: clientParams.extend({ vidyardId: z.string().min(1) }) },
    responses: { 204: { description: 'Deleted' }, ...errors.notYours, 404: problem('No such video') },
  },
);

const NoticeBody = z.object({ newDocumentNoticeStatus: z.enum(NEW_DOCUMENT_NOTICE_STATUSES) });

export const setClientDocumentNotice = documentRoute('PUT /api/clients/{clientId}/new-document-notice', {
  summary: 'Mark the new-document notice seen (NEW_AND_SEEN) or dismissed (OLD) for this client',
  request: { params: clientParams, body: NoticeBody },
  responses: {
    200: json(NoticeBody, 'Kept'),
    ...errors.notYours,
    ...errors.noClient,
  },
});

export const setUserDocumentNotice = documentRoute('PUT /api/users/new-document-notice', {
  summary: 'Mark the new-document notice for every client of the signed-in user',
  request: { body: NoticeBody },
  responses: { 200: json(NoticeBody, 'Kept') },
});
