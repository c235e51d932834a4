import { z } from 'zod';
import { defineRoute, errors, json, media, problem, routeFamily } from '@onboard/api-contract';

const clientParams = z.object({ clientId: z.string().min(1) });
const OneOrMany = z.union([z.string(), z.array(z.string())]);
/** The reads of a client's documents, by its people, its broker and staff. */
const clientDocumentRoute = routeFamily({
  tag: 'documents',
  params: clientParams,
  responses: { ...errors.notYours, ...errors.noClient },
});

/** `name[]=a&name[]=b` (the spec's form), `name=a&name=b` or one `name=a`: the values, once each. */
export const manyOf = (query: Record<string, unknown>, name: string): string[] => {
  const raw = [query[`${name}[]`] ?? query[name] ?? []].flat();
  return [...new Set(raw.filter((v): v is string => typeof v === 'string' && v !== ''))];
};

/** A client document as the documents screen reads it (onboarding §3 Document). */
export const ClientDocumentView = z
  .object({
    id: z.string(),
    source: z.enum(['upload', 'census', 'onboarding-form']).meta({
      description:
        'Where it comes from: an upload, a census file (renamed and deleted by the census rules) or a completed onboarding form (read only)',
    }),
    documentId: z.string(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int().nullable().meta({ description: 'Null for a completed onboarding form' }),
    documentKey: z.string(),
    category: z.string(),
    categoryLabel: z.string(),
    policyId: z.string().nullable(),
    language: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    deletedAt: z.string().nullable(),
    updatedBy: z.string().meta({ description: 'The name of who last changed it' }),
    uploadedBy: z.string().meta({ description: 'The name of who uploaded it' }),
    uploadedByStaff: z.boolean(),
    canDelete: z.boolean().meta({ description: 'Whether the signed-in user may delete it' }),
    canRename: z.boolean().meta({ description: 'Whether it may be renamed here' }),
    keptReason: z.string().nullable().meta({
      description:
        'Why it is kept (a completed onboarding form, kept as signed; a submitted census file): it cannot be deleted here; null otherwise',
    }),
    processStatus: z.string(),
    downloadPath: z.string(),
  })
  .meta({ id: 'ClientDocument' });

export const DocumentsMetaQuery = z.object({
  'categories[]': OneOrMany.optional(),
  categories: OneOrMany.optional(),
  policyId: z.string().optional(),
  documentId: z.string().optional(),
  'documentIds[]': OneOrMany.optional(),
  documentIds: OneOrMany.optional(),
  language: z.string().optional(),
});

export const listDocumentsMeta = clientDocumentRoute('GET /api/clients/{clientId}/documents/meta', {
  summary:
    'The client’s documents (not deleted), newest first, filtered by category, policy, id and language',
  request: { query: DocumentsMetaQuery },
  responses: { 200: json(z.array(ClientDocumentView), 'The documents') },
});

export const countDocuments = clientDocumentRoute('GET /api/clients/{clientId}/documents/count', {
  summary: 'How many documents the client has (not deleted), in all and per category',
  request: {
    query: z.object({ 'categories[]': OneOrMany.optional(), categories: OneOrMany.optional() }),
  },
  responses: {
    200: json(
      z.object({ count: z.number().int(), byCategory: z.record(z.string(), z.number().int()) }),
      'The counts',
    ),
  },
});

export const lastTouchedDocument = clientDocumentRoute(
  'GET /api/clients/{clientId}/documents/last-touched/{category}',
  {
    summary: 'The document of the category changed last (null when none)',
    request: {
      params: clientParams.extend({ category: z.string().min(1) }),
      query: z.object({ policyId: z.string().optional() }),
    },
    responses: { 200: json(ClientDocumentView.nullable(), 'The document, or null') },
  },
);

const blob = media('*/*', 'The file in its own media type, as an attachment (Content-Disposition)');

export const downloadClientDocument = clientDocumentRoute(
  'GET /api/clients/{clientId}/documents/{documentId}',
  {
    summary: 'Download a document',
    request: { params: clientParams.extend({ documentId: z.string().min(1) }) },
    responses: { 200: blob, 404: problem('No such document') },
  },
);

export const downloadDocument = defineRoute('GET /api/documents/{documentId}', {
  tag: 'documents',
  summary: 'Download a client document by its id alone',
  request: { params: z.object({ documentId: z.string().min(1) }) },
  responses: { 200: blob, 403: problem('Not yours'), 404: problem('No such document') },
});

export const zipDocuments = clientDocumentRoute('GET /api/clients/{clientId}/zipped-documents/ids', {
  summary: 'Download several documents as one zip (streamed)',
  description:
    'Query documentIds[] (1 to 100). Past the configured limit the answer is FILE_ZIPPING_TIMEOUT.',
  request: {
    query: z.object({ 'documentIds[]': OneOrMany.optional(), documentIds: OneOrMany.optional() }),
  },
  responses: {
    200: media('application/zip', 'The documents in one zip'),
    400: problem('No ids, or too many'),
    404: problem('A document is not there'),
    422: problem('FILE_ZIPPING_TIMEOUT: the files took longer than the limit to gather'),
  },
});

export const getClientVideo = clientDocumentRoute(
  'GET /api/clients/{clientId}/documents/vidyard/{vidyardId}',
  {
    summary: 'Play a video the client uploaded (the embedded video port serves the file)',
    request: { params: clientParams.extend({ vidyardId: z.string().min(1) }) },
    responses: { 200: media('video/mp4', 'The video'), 404: problem('No such video') },
  },
);

export const NoticeView = z
  .object({
    newDocumentNoticeStatus: z.enum(['NEW_AND_SEEN', 'OLD']).nullable(),
    hasNewDocuments: z.boolean().meta({ description: 'Staff added documents since the user last looked' }),
    newDocumentCount: z.number().int(),
  })
  .meta({ id: 'NewDocumentNotice' });

export const getClientDocumentNotice = clientDocumentRoute(
  'GET /api/clients/{clientId}/new-document-notice',
  {
    summary: 'The signed-in user’s new-document notice for the client',
    responses: { 200: json(NoticeView, 'The notice') },
  },
);

export const listDocumentCategories = defineRoute('GET /api/document-categories', {
  tag: 'documents',
  summary: 'The categories documents are filed under, with their names',
  responses: {
    200: json(
      z.array(z.object({ id: z.string(), label: z.string(), taskIds: z.array(z.string()) })),
      'The categories in order',
    ),
  },
});

const associationParams = clientParams.extend({ associationId: z.string().min(1) });
/** What staff read of the Explorer sites of one association of the client. */
const associationRoute = routeFamily({
  tag: 'explorer',
  params: associationParams,
  responses: errors.notStaff,
});

export const listAssociationExplorerSites = associationRoute(
  'GET /api/clients/{clientId}/explorer-pages/association/{associationId}',
  {
    summary: 'The client’s Explorer sites of one association, newest first (staff)',
    responses: {
      200: json(
        z.array(
          z.object({
            explorerPageId: z.string(),
            name: z.string(),
            vanitySlug: z.string().nullable(),
            startsAt: z.string().nullable(),
            associationId: z.string(),
          }),
        ),
        'The sites',
      ),
    },
  },
);

export const AssociationSummaryDocument = z.object({
  documentId: z.string(),
  documentKey: z.string(),
  name: z.string(),
  benefitType: z.string(),
  language: z.string().nullable(),
  explorerPageId: z.string(),
});

export const associationSummaryDocuments = associationRoute(
  'GET /api/clients/{clientId}/explorer-pages/documents/benefittypes/{associationId}',
  {
    summary:
      'Summary documents of the association’s sites per benefit type: at most 15 per type, one per document key (staff)',
    request: {
      query: z.object({ 'benefitTypes[]': OneOrMany.optional(), benefitTypes: OneOrMany.optional() }),
    },
    responses: {
      200: json(z.record(z.string(), z.array(AssociationSummaryDocument)), 'The documents per benefit type'),
    },
  },
);
