import { z } from 'zod';
import { eventSchema, Stamp } from './schema.ts';

/**
 * A client's documents (onboarding §3 Document, §7 Documents): every upload, rename, change of filing and
 * deletion is an event on the client's documents stream; the bytes live in the document store under the
 * event's documentKey. A deleted document keeps its row (deletedAt), never its place in lists.
 */

/** A document of the client. */
const DocumentRef = { clientId: z.string(), documentId: z.string() };
/** A video of the client. */
const VideoRef = { clientId: z.string(), videoId: z.string() };
/** Where a document is filed: its category, its policy (for policy tasks) and its language. */
const Filing = { category: z.string(), policyId: z.string().nullable(), language: z.string().nullable() };
/** An uploaded file: where the bytes are kept in the document store, its name, type and size. */
const StoredFile = {
  documentKey: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
};

/** A file was uploaded for the client and filed under a category (and a policy, for policy tasks). */
export const DocumentUploaded = eventSchema('DocumentUploaded', {
  ...DocumentRef,
  ...StoredFile,
  ...Filing,
  /** The uploader's user id and role. */
  uploadedBy: z.string(),
  uploadedByRole: z.string(),
  at: z.string(),
});
export type DocumentUploaded = z.infer<typeof DocumentUploaded>;

export const DocumentRenamed = eventSchema('DocumentRenamed', {
  ...DocumentRef,
  name: z.string(),
  ...Stamp,
});
export type DocumentRenamed = z.infer<typeof DocumentRenamed>;

/** The document's filing changed: category, policy and language as they now are. */
export const DocumentMetaChanged = eventSchema('DocumentMetaChanged', {
  ...DocumentRef,
  ...Filing,
  ...Stamp,
});
export type DocumentMetaChanged = z.infer<typeof DocumentMetaChanged>;

/** Deleted: no longer listed or served; the row keeps deletedAt and the bytes stay in the store. */
export const DocumentDeleted = eventSchema('DocumentDeleted', {
  ...DocumentRef,
  ...Stamp,
});
export type DocumentDeleted = z.infer<typeof DocumentDeleted>;

/** A video uploaded for the client (the video port keeps the file; videoId names it there). */
export const DocumentVideoUploaded = eventSchema('DocumentVideoUploaded', {
  ...VideoRef,
  ...StoredFile,
  ...Stamp,
});
export type DocumentVideoUploaded = z.infer<typeof DocumentVideoUploaded>;

export const DocumentVideoDeleted = eventSchema('DocumentVideoDeleted', {
  ...VideoRef,
  ...Stamp,
});
export type DocumentVideoDeleted = z.infer<typeof DocumentVideoDeleted>;

export const NEW_DOCUMENT_NOTICE_STATUSES = ['NEW_AND_SEEN', 'OLD'] as const;
export type NewDocumentNoticeStatus = (typeof NEW_DOCUMENT_NOTICE_STATUSES)[number];

/**
 * A user's new-document notice for the client (onboarding §4): NEW_AND_SEEN when they opened the
 * documents, OLD when they dismissed the notice.
 */
export const NewDocumentNoticeSet = eventSchema('NewDocumentNoticeSet', {
  clientId: z.string(),
  userId: z.string(),
  status: z.enum(NEW_DOCUMENT_NOTICE_STATUSES),
  at: z.string(),
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
