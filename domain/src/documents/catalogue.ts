import type { TaskId } from '../tasks/catalogue.ts';
import { oneOf } from '../one-of.ts';

/**
 * The client's documents (onboarding §3 Document, §7 Documents): the categories they are filed under, what
 * may be uploaded, and the rules an upload passes before anything is stored.
 */

/** Every category a client document is filed under, in the order the documents screen lists them. */
export const documentCategories = [
  { id: 'census', label: 'Census / enrollment elections', taskIds: ['enrollment-elections'] },
  { id: 'prior-carrier-bills', label: 'Prior carrier bills', taskIds: ['prior-carrier-bills'] },
  {
    id: 'prior-carrier-certificates',
    label: 'Prior carrier certificates',
    taskIds: ['prior-carrier-certificates'],
  },
  {
    id: 'deductible-maximum-report',
    label: 'Deductible and maximum reports',
    taskIds: ['deductible-maximum-report', 'dental-rollover'],
  },
  { id: 'plan-documents', label: 'Plan documents', taskIds: ['pfml', 'pfml-spd', 'sunadvisor-spd'] },
  {
    id: 'signed-forms',
    label: 'Signed forms',
    taskIds: ['onboarding-forms', 'eif-submit-company-information'],
  },
  { id: 'other', label: 'Other documents', taskIds: [] },
] as const satisfies readonly { id: string; label: string; taskIds: readonly TaskId[] }[];

export type DocumentCategory = (typeof documentCategories)[number]['id'];
export const DOCUMENT_CATEGORY_IDS = documentCategories.map((c) => c.id) as [
  DocumentCategory,
  ...DocumentCategory[],
];

export const isDocumentCategory = oneOf(DOCUMENT_CATEGORY_IDS);

export const documentCategoryLabel = (id: string): string =>
  documentCategories.find((c) => c.id === id)?.label ?? 'Other documents';

/** The category a task's documents are filed under ('other' for a task without one). */
export function documentCategoryOfTask(taskId: string): DocumentCategory {
  const found = documentCategories.find((c) => (c.taskIds as readonly string[]).includes(taskId));
  return found?.id ?? 'other';
}

/** Languages a document may be marked with (the Explorer serves English and Spanish). */
export const DOCUMENT_LANGUAGES = ['en', 'es'] as const;
export const DOCUMENTS_LANGUAGE_SET: ReadonlySet<string> = new Set(DOCUMENT_LANGUAGES);

/** What a client document may be: the type decided from the file's content, never from its name. */
export const CLIENT_DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/tiff': 'TIFF image',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/msword': 'Word document',
  'application/zip': 'ZIP archive',
  'text/csv': 'CSV file',
  'text/plain': 'text file',
  'text/html': 'HTML page',
  'video/mp4': 'MP4 video',
} as const;
export type ClientDocumentType = keyof typeof CLIENT_DOCUMENT_TYPES;

export const isClientDocumentType = (type: string): type is ClientDocumentType =>
  Object.hasOwn(CLIENT_DOCUMENT_TYPES, type);

export const MAX_CLIENT_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const MAX_DOCUMENT_NAME_LENGTH = 200;
export const MAX_FILES_PER_UPLOAD = 10;

// Chosen messages, except EMBEDDED_SCRIPTS, whose code is platform §8's.
export const DOCUMENT_MESSAGES = {
  tooLarge: `The file is larger than ${MAX_CLIENT_DOCUMENT_BYTES / 1024 / 1024} MB`,
  empty: 'The file is empty',
  noFile: 'Choose a file to upload',
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} files at once`,
  unsupported:
    'This kind of file cannot be uploaded: upload a PDF, an image, a Word or Excel document, a CSV or text file',
  embeddedScripts: 'The file contains scripts or other active content and was not uploaded',
  unknownCategory: 'Choose one of the document categories',
  unknownLanguage: 'The language is English (en) or Spanish (es)',
  nameMissing: 'Give the document a name',
  nameTooLong: `The name is longer than ${MAX_DOCUMENT_NAME_LENGTH} characters`,
  notFound: 'Document not found',
  notYours: 'You can only delete documents you uploaded',
  zipTooMany: 'Choose at most 100 documents to download at once',
  zipNone: 'Choose the documents to download',
  zipTimeout: 'The documents took too long to zip. Download fewer at once.',
  signedFormKept: 'Kept as signed: a completed onboarding form cannot be renamed or deleted',
} as const;

/** PDF names for actions and scripts that run when the file is opened (ISO 32000 §12.6, §12.6.4.5). */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|SubmitForm|ImportData|RichMedia|AA)\b|\/S\s*\/JavaScript/;
/** HTML that runs code: script elements, event-handler attributes, javascript: URLs, embedded objects. */
const HTML_ACTIVE =
  /<\s*(script|iframe|object|embed|applet|meta\s[^>]*http-equiv)\b|\son[a-z]+\s*=|javascript\s*:|vbscript\s*:/i;

/**
 * Whether the file carries active content: scripts or launch actions in a PDF (names may be written with
 * #xx escapes, which are undone first), script or event handlers in HTML.
 */
export function hasActiveContent(mimeType: string, bytes: Uint8Array): boolean {
  if (mimeType === 'application/pdf') {
    const text = new TextDecoder('latin1').decode(bytes);
    if (PDF_ACTIVE.test(text)) return true;
    if (!text.includes('#')) return false;
    const names = text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    return PDF_ACTIVE.test(names);
  }
  if (mimeType === 'text/html') {
    return HTML_ACTIVE.test(new TextDecoder('utf-8').decode(bytes));
  }
  return false;
}

/**
 * The type of a file that content sniffing did not recognise (text has no magic number): HTML when it
 * reads as HTML, CSV or plain text when it is UTF-8 without control characters; null otherwise.
 */
export function textTypeOf(bytes: Uint8Array, fileName: string): ClientDocumentType | null {
  const head = bytes.subarray(0, 64 * 1024);
  // eslint-disable-next-line no-control-regex -- control characters mark a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(new TextDecoder('latin1').decode(head))) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, lastCompleteUtf8(head)));
  } catch {
    return null;
  }
  if (/^\s*(<!doctype\s+html|<html|<head|<body|<script|<svg|<\?xml)/i.test(text) || /<script\b/i.test(text))
    return 'text/html';
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** The length of the head without a UTF-8 sequence cut off at its end. */
function lastCompleteUtf8(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = bytes[end - i]!;
    if ((b & 0xc0) === 0xc0) return end - i; // a lead byte whose sequence may be cut
    if ((b & 0x80) === 0) break;
  }
  return end;
}

/** A document's new name, trimmed; the error message when it is not acceptable. */
export function checkDocumentName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false, message: DOCUMENT_MESSAGES.nameMissing };
  if (trimmed.length > MAX_DOCUMENT_NAME_LENGTH) return { ok: false, message: DOCUMENT_MESSAGES.nameTooLong };
  return { ok: true, name: trimmed };
}

/** The store key of a client's document: under the client, so one prefix holds a client's files. */
export const clientDocumentKey = (clientId: string, documentId: string) =>
  `clients/${clientId}/documents/${documentId}`;
