import { z } from 'zod';

/**
 * A client's documents (onboarding §3 Document, §7 Documents): every upload, rename, change of filing and
 * deletion is an event on the client's documents stream; the bytes live in the document store under the
 * event's documentKey. A deleted document keeps its row (deletedAt), never its place in lists.
 */

const By = z.object({ userId: z.string(), role: z.string() });

/** A file was uploaded for the client and filed under a category (and a policy, for policy tasks). */
export const DocumentUploaded = z.object({
  type: z.literal('DocumentUploaded'),
  data: z.object({
    clientId: z.string(),
    documentId: z.string(),
    /** Where the bytes are kept in the document store. */
    documentKey: z.string(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    category: z.string(),
    policyId: z.string().nullable(),
    language: z.string().nullable(),
    /** The uploader's user id and role. */
    uploadedBy: z.string(),
    uploadedByRole: z.string(),
    at: z.string(),
  }),
});
export type DocumentUploaded = z.infer<typeof DocumentUploaded>;

export const DocumentRenamed = z.object({
  type: z.literal('DocumentRenamed'),
  data: z.object({ clientId: z.string(), documentId: z.string(), name: z.string(), at: z.string(), by: By }),
});
export type DocumentRenamed = z.infer<typeof DocumentRenamed>;

/** The document's filing changed: category, policy and language as they now are. */
export const DocumentMetaChanged = z.object({
  type: z.literal('DocumentMetaChanged'),
  data: z.object({
    clientId: z.string(),
    documentId: z.string(),
    category: z.string(),
    policyId: z.string().nullable(),
    language: z.string().nullable(),
    at: z.string(),
    by: By,
  }),
});
export type DocumentMetaChanged = z.infer<typeof DocumentMetaChanged>;

/** Deleted: no longer listed or served; the row keeps deletedAt and the bytes stay in the store. */
export const DocumentDeleted = z.object({
  type: z.literal('DocumentDeleted'),
  data: z.object({ clientId: z.string(), documentId: z.string(), at: z.string(), by: By }),
});
export type DocumentDeleted = z.infer<typeof DocumentDeleted>;

/** A video uploaded for the client (the video port keeps the file; videoId names it there). */
export const DocumentVideoUploaded = z.object({
  type: z.literal('DocumentVideoUploaded'),
  data: z.object({
    clientId: z.string(),
    videoId: z.string(),
    documentKey: z.string(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    at: z.string(),
    by: By,
  }),
});
export type DocumentVideoUploaded = z.infer<typeof DocumentVideoUploaded>;

export const DocumentVideoDeleted = z.object({
  type: z.literal('DocumentVideoDeleted'),
  data: z.object({ clientId: z.string(), videoId: z.string(), at: z.string(), by: By }),
});
export type DocumentVideoDeleted = z.infer<typeof DocumentVideoDeleted>;

export const NEW_DOCUMENT_NOTICE_STATUSES = ['NEW_AND_SEEN', 'OLD'] as const;
export type NewDocumentNoticeStatus = (typeof NEW_DOCUMENT_NOTICE_STATUSES)[number];

/**
 * A user's new-document notice for the client (onboarding §4): NEW_AND_SEEN when they opened the
 * documents, OLD when they dismissed the notice.
 */
export const NewDocumentNoticeSet = z.object({
  type: z.literal('NewDocumentNoticeSet'),
  data: z.object({
    clientId: z.string(),
    userId: z.string(),
    status: z.enum(NEW_DOCUMENT_NOTICE_STATUSES),
    at: z.string(),
  }),
});
export type NewDocumentNoticeSet = z.infer<typeof NewDocumentNoticeSet>;

export const DocumentEvent = z.discriminatedUnion('type', [
  DocumentUploaded,
  DocumentRenamed,
  DocumentMetaChanged,
  DocumentDeleted,
  DocumentVideoUploaded,
  DocumentVideoDeleted,
  NewDocumentNoticeSet,
]);
export type DocumentEvent = z.infer<typeof DocumentEvent>;

/** Every document of one client. */
export const documentStream = (clientId: string) => `documents-${clientId}`;
