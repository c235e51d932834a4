import type { DocumentEvent, DocumentUploaded, NewDocumentNoticeStatus } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Intent } from '../decider.ts';
import { isInternal } from '../auth/actor.ts';
import {
  DOCUMENTS_LANGUAGE_SET,
  DOCUMENT_MESSAGES,
  checkDocumentName,
  isDocumentCategory,
} from './catalogue.ts';

/** One document as its events leave it. */
export type DocumentState = DocumentUploaded['data'] & { deletedAt: string | null };

/** Every document of one client, folded from `documents-{clientId}`. */
export type DocumentsState = {
  documents: ReadonlyMap<string, DocumentState>;
  /** The client's videos not deleted. */
  videos: ReadonlySet<string>;
};

/** An uploaded file that passed the upload rules and is already in the store under documentKey. */
export type StoredUpload = {
  documentId: string;
  documentKey: string;
  name: string;
  mimeType: string;
  size: number;
};

export const VIDEO_NOT_FOUND = 'Video not found';

export type DocumentFiling = { category: string; policyId: string | null; language: string | null };

type Ref = { clientId: string; documentId: string };

/** A new name without the file's extension keeps it, so the download and the zip entry still open. */
const keepingExtension = (previous: string, next: string) => {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(previous)?.[0];
  return extension && !next.toLowerCase().endsWith(extension.toLowerCase()) ? `${next}${extension}` : next;
};

export type DocumentCommand =
  | Command<'UploadDocuments', { clientId: string; files: StoredUpload[] } & DocumentFiling>
  | Command<'RenameDocument', Ref & { name: string }>
  | Command<'ChangeDocumentMeta', Ref & DocumentFiling>
  | Command<'DeleteDocument', Ref>
  | Command<'SetNewDocumentNotice', { clientId: string; status: NewDocumentNoticeStatus }>
  /** A video already in the video store under documentKey. */
  | Command<
      'UploadVideo',
      { clientId: string; videoId: string; documentKey: string; name: string; mimeType: string; size: number }
    >
  | Command<'DeleteVideo', { clientId: string; videoId: string }>;
export type DocumentIntent = Intent<DocumentCommand>;

export type DocumentError =
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'FORBIDDEN'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

const invalid = (field: string, message: string) =>
  refused<DocumentError>({ code: 'INVALID', message, fields: { [field]: message } });

/** The filing's problem, as a refusal keyed by field; null when it is acceptable. */
function filingProblem(filing: DocumentFiling) {
  if (!isDocumentCategory(filing.category)) return invalid('category', DOCUMENT_MESSAGES.unknownCategory);
  if (filing.language !== null && !DOCUMENTS_LANGUAGE_SET.has(filing.language))
    return invalid('language', DOCUMENT_MESSAGES.unknownLanguage);
  return null;
}

export const documentsDecider: Decider<DocumentsState, DocumentCommand, DocumentEvent, DocumentError> = {
  initialState: () => ({ documents: new Map(), videos: new Set() }),
  decide(command, state) {
    const { at, by } = command.metadata;
    if (command.type === 'UploadVideo')
      return accepted({ type: 'DocumentVideoUploaded', data: { ...command.data, at, by } });
    if (command.type === 'DeleteVideo') {
      const { clientId, videoId } = command.data;
      if (!state.videos.has(videoId))
        return refused<DocumentError>({ code: 'NOT_FOUND', message: VIDEO_NOT_FOUND });
      return accepted({ type: 'DocumentVideoDeleted', data: { clientId, videoId, at, by } });
    }
    if (command.type === 'UploadDocuments') {
      const { clientId, files, category, policyId, language } = command.data;
      const problem = filingProblem({ category, policyId, language });
      if (problem) return problem;
      if (files.length === 0) return invalid('files', DOCUMENT_MESSAGES.noFile);
      return accepted(
        ...files.map((file): DocumentEvent => ({
          type: 'DocumentUploaded',
          data: {
            clientId,
            ...file,
            category,
            policyId,
            language,
            uploadedBy: by.userId,
            uploadedByRole: by.role,
            at,
          },
        })),
      );
    }
    if (command.type === 'SetNewDocumentNotice') {
      const { clientId, status } = command.data;
      return accepted({ type: 'NewDocumentNoticeSet', data: { clientId, userId: by.userId, status, at } });
    }
    const { clientId, documentId } = command.data;
    const document = state.documents.get(documentId);
    if (!document || document.deletedAt !== null)
      return refused<DocumentError>({ code: 'NOT_FOUND', message: DOCUMENT_MESSAGES.notFound });
    switch (command.type) {
      case 'RenameDocument': {
        const checked = checkDocumentName(command.data.name);
        if (!checked.ok) return invalid('name', checked.message);
        const name = keepingExtension(document.name, checked.name);
        if (name === document.name) return accepted();
        return accepted({
          type: 'DocumentRenamed',
          data: { clientId, documentId, name, at, by },
        });
      }
      case 'ChangeDocumentMeta': {
        const { category, policyId, language } = command.data;
        const problem = filingProblem({ category, policyId, language });
        if (problem) return problem;
        return accepted({
          type: 'DocumentMetaChanged',
          data: { clientId, documentId, category, policyId, language, at, by },
        });
      }
      case 'DeleteDocument':
        // Platform §6: the client's own people delete the documents they uploaded; staff delete any.
        if (
          !isInternal({ role: by.role } as Parameters<typeof isInternal>[0]) &&
          document.uploadedBy !== by.userId
        )
          return refused<DocumentError>({ code: 'FORBIDDEN', message: DOCUMENT_MESSAGES.notYours });
        return accepted({ type: 'DocumentDeleted', data: { clientId, documentId, at, by } });
    }
  },
  evolve(state, event) {
    if (event.type === 'DocumentVideoUploaded' || event.type === 'DocumentVideoDeleted') {
      const videos = new Set(state.videos);
      if (event.type === 'DocumentVideoUploaded') videos.add(event.data.videoId);
      else videos.delete(event.data.videoId);
      return { ...state, videos };
    }
    const documents = new Map(state.documents);
    switch (event.type) {
      case 'DocumentUploaded':
        documents.set(event.data.documentId, { ...event.data, deletedAt: null });
        break;
      case 'DocumentRenamed': {
        const found = documents.get(event.data.documentId);
        if (found) documents.set(found.documentId, { ...found, name: event.data.name });
        break;
      }
      case 'DocumentMetaChanged': {
        const found = documents.get(event.data.documentId);
        const { category, policyId, language } = event.data;
        if (found) documents.set(found.documentId, { ...found, category, policyId, language });
        break;
      }
      case 'DocumentDeleted': {
        const found = documents.get(event.data.documentId);
        if (found) documents.set(found.documentId, { ...found, deletedAt: event.data.at });
        break;
      }
      default:
        return state;
    }
    return { ...state, documents };
  },
};
