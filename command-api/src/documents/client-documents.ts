import { type Request } from 'express';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { censusStream, documentStream, envelopeStream } from '@onboard/events';
import {
  AppError,
  DOCUMENT_MESSAGES,
  MAX_CLIENT_DOCUMENT_BYTES,
  MAX_FILES_PER_UPLOAD,
  RuleError,
  ValidationError,
  hasActiveContent,
  toClientView,
  isClientDocumentType,
  safeFilename,
  textTypeOf,
  type Actor,
  type DocumentStore,
  type Intent,
} from '@onboard/domain';
import { documentsDecider, type DocumentIntent, type DocumentState } from '@onboard/domain';
import { censusDecider, type CensusCommand } from '@onboard/domain/census';
import { readCensus } from '../census/job.ts';
import { requireClientExists, requireActor, requirePermission, type CommandDeps } from '../http/context.ts';
import { decideIntent, decideOnStream, unversioned } from '../http/decide.ts';
import { loadEif } from '../eif/client-view.ts';

export type ClientDocumentCommandDeps = CommandDeps & {
  documents: Pick<DocumentStore, 'put'>;
  /** Where videos are kept (the video port; the embedded default is the document store). */
  videos: Pick<DocumentStore, 'put'>;
};

type ReceivedFile = { fileName: string; bytes: Buffer };
type Received = { files: ReceivedFile[]; fields: Record<string, string> };

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', DOCUMENT_MESSAGES.tooLarge);
export const invalidFile = (message: string, code = 'VALIDATION_ERROR') =>
  code === 'VALIDATION_ERROR'
    ? new ValidationError({ 'body.files': message }, message)
    : new AppError(400, code, message, { validationError: { 'body.files': message } });

/**
 * The file name as sent: browsers escape a quote and line breaks in a multipart file name as %22, %0A and
 * %0D (HTML's form encoding); then quotes, slashes and backslashes are removed (onboarding §5).
 */
const fileNameOf = (sent: string) =>
  safeFilename(sent.replace(/%22/g, '"').replace(/%0A/gi, '\n').replace(/%0D/gi, '\r'));

/** Reads a multipart body into memory: every file whole (each at most the limit), and the text fields. */
export function readMultipart(req: Request): Promise<Received> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        preservePath: true,
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_CLIENT_DOCUMENT_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 20 },
      });
    } catch {
      reject(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data'));
      return;
    }
    const received: Received = { files: [], fields: {} };
    let failure: Error | null = null;
    parser.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure ??= tooLarge();
      });
      stream.on('end', () => {
        received.files.push({ fileName: fileNameOf(info.filename ?? ''), bytes: Buffer.concat(chunks) });
      });
    });
    parser.on('field', (name, value) => {
      received.fields[name] = value;
    });
    parser.on('filesLimit', () => {
      failure ??= invalidFile(DOCUMENT_MESSAGES.tooManyFiles);
    });
    parser.on('error', () => reject(new ValidationError({ body: 'Not a readable multipart body' })));
    parser.on('close', () => (failure ? reject(failure) : resolve(received)));
    req.pipe(parser);
  });
}

/** The file's type from its content (file-type's magic numbers; text has none and is read as text). */
async function sniff(file: ReceivedFile): Promise<string | null> {
  const found = await fileTypeFromBuffer(file.bytes);
  if (found) {
    if (found.mime === 'application/x-cfb')
      return /\.xls$/i.test(file.fileName) ? 'application/vnd.ms-excel' : 'application/msword';
    return found.mime;
  }
  return textTypeOf(file.bytes, file.fileName);
}

/**
 * Every file of an upload checked before any is kept: not empty, a type decided from the content that is
 * allowed, no active content (EMBEDDED_SCRIPTS, platform §8). Answers each file with its type.
 */
export async function checkFiles(files: ReceivedFile[]) {
  if (files.length === 0) throw invalidFile(DOCUMENT_MESSAGES.noFile);
  const checked: (ReceivedFile & { mimeType: string })[] = [];
  for (const file of files) {
    if (file.bytes.length === 0) throw invalidFile(`${file.fileName}: ${DOCUMENT_MESSAGES.empty}`);
    const mimeType = await sniff(file);
    if (!mimeType || !isClientDocumentType(mimeType))
      throw invalidFile(`${file.fileName}: ${DOCUMENT_MESSAGES.unsupported}`);
    if (hasActiveContent(mimeType, file.bytes))
      throw invalidFile(`${file.fileName}: ${DOCUMENT_MESSAGES.embeddedScripts}`, 'EMBEDDED_SCRIPTS');
    checked.push({ ...file, mimeType });
  }
  return checked;
}

export const view = (d: DocumentState) => ({
  documentId: d.documentId,
  name: d.name,
  mimeType: d.mimeType,
  size: d.size,
  category: d.category,
  policyId: d.policyId,
  language: d.language,
  createdAt: d.at,
  deletedAt: d.deletedAt,
});

export const nullable = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? null : value;

/** What the handlers of a client's documents share: the caller's check, and deciding on the documents or a census. */
export type ClientDocuments = ReturnType<typeof clientDocuments>;

export function clientDocuments(deps: ClientDocumentCommandDeps) {
  const requireClient = async (req: Request, action: 'read' | 'create' | 'update' | 'delete') => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'documents', action, { clientId });
    await requireClientExists(deps.store, clientId);
    return { actor, clientId };
  };

  const execute = async (req: Request, actor: Actor, clientId: string, intent: DocumentIntent) => {
    const decided = decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: documentStream(clientId),
      decider: documentsDecider,
      intent,
      conflictMessage: 'The documents were changed by someone else at the same moment. Try again.',
    });
    try {
      return (await decided).after;
    } catch (error) {
      // A refusal keyed by field is answered with its own words as the message too.
      if (error instanceof ValidationError) {
        const [first] = Object.values(error.validationError);
        throw new ValidationError(error.validationError, first ?? error.message);
      }
      throw error;
    }
  };

  /**
   * The policy whose census holds the file, when the document is a census file (census-{clientId}-{policyId});
   * null otherwise.
   */
  const censusPolicyOf = async (clientId: string, documentId: string) => {
    const loaded = await loadEif(deps, clientId);
    for (const policy of toClientView(loaded.state, loaded.revision)?.policies ?? []) {
      const { state } = await readCensus(deps.store, clientId, policy.id);
      if (state.documents.has(documentId)) return policy.id;
    }
    return null;
  };

  /** A completed onboarding form is listed among the documents, but it is the signed record: kept as is. */
  const refuseSignedForm = async (clientId: string, documentId: string) => {
    const [first] = await deps.store.readStream(envelopeStream(documentId), { maxCount: 1 });
    if (first && (first.data as { clientId?: unknown }).clientId === clientId)
      throw new RuleError('SIGNED_RECORD', DOCUMENT_MESSAGES.signedFormKept);
  };

  /**
   * A census file is renamed and deleted by the census's own rules, on its census stream, so the census flow
   * sees the same files; every other document by the documents rules.
   */
  const censusChange = async (
    req: Request,
    actor: Actor,
    clientId: string,
    documentId: string,
    intent: (policyId: string) => Intent<CensusCommand>,
  ) => {
    const policyId = await censusPolicyOf(clientId, documentId);
    if (policyId === null) return null;
    try {
      const { after } = await decideOnStream(deps, {
        request: unversioned(req, deps.newId),
        actor,
        stream: censusStream(clientId, policyId),
        decider: censusDecider,
        build: (_state, metadata) => ({ ...intent(policyId), metadata }) as CensusCommand,
      });
      return { policyId, after };
    } catch (error) {
      if (error instanceof ValidationError) {
        const [first] = Object.values(error.validationError);
        throw new ValidationError(error.validationError, first ?? error.message);
      }
      throw error;
    }
  };

  /** A video only adds up: appended at any revision. */
  const recordVideo = (req: Request, actor: Actor, clientId: string, intent: DocumentIntent) =>
    decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: documentStream(clientId),
      decider: documentsDecider,
      appendAt: 'any',
      intent,
    });

  return { deps, requireClient, execute, refuseSignedForm, censusChange, recordVideo };
}
