/**
 * The document store port: the files behind Explorer summary documents, plan summaries, logos and videos.
 * Sites keep only a document's id (explorer §3); the store keeps the bytes. platform/src/documents has the
 * adapters (PostgreSQL by default, or a relay to an external store that this server only reads from).
 */

export type DocumentFile = { bytes: Uint8Array; mimeType: string; name: string };

export type NewDocument = DocumentFile & {
  documentId: string;
  uploadedBy: string;
  /** The file holds personal data of this client's people: it is kept sealed with the client's data key. */
  personalData?: { clientId: string };
};

export type StoredDocument = { documentId: string; name: string; mimeType: string; size: number };

export type DocumentStore = {
  /** Null when the file is not in the store. */
  get(documentId: string): Promise<DocumentFile | null>;
  /**
   * Keeps a file under the given id; putting an id that is already stored keeps the first file. Null for
   * a store this server only reads from, which refuses uploads.
   */
  put: ((file: NewDocument) => Promise<StoredDocument>) | null;
};

/** What staff may upload (chosen): summaries as PDF, logos as PNG or JPEG, videos as MP4. */
export const UPLOAD_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'video/mp4'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

// The messages are chosen (the spec shows no upload).
export const UNSUPPORTED_TYPE_MESSAGE = 'Upload a PDF, PNG, JPEG or MP4 file';
export const FILE_TOO_LARGE_MESSAGE = 'The file is larger than 20 MB';
export const EMPTY_FILE_MESSAGE = 'The file is empty';
export const FILE_NAME_MISSING_MESSAGE = 'Give the file name in the X-File-Name header';
export const contentMismatchMessage = (mimeType: UploadMimeType) =>
  `The file's content is not ${DESCRIPTIONS[mimeType]}`;

const DESCRIPTIONS: Record<UploadMimeType, string> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'video/mp4': 'an MP4 video',
};

const EXTENSIONS: Record<UploadMimeType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
};

/** The media type without parameters, lower case, when it is one staff may upload; otherwise null. */
export function uploadMimeType(contentType: string | null | undefined): UploadMimeType | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(type) ? (type as UploadMimeType) : null;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/**
 * Whether the bytes begin the way files of that type do, so a renamed HTML or script file is not stored
 * and later served under a trusted type.
 */
export function hasSignatureOf(mimeType: UploadMimeType, bytes: Uint8Array): boolean {
  switch (mimeType) {
    case 'application/pdf':
      return startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'video/mp4':
      return startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4); // ....ftyp
  }
}

/** The name a download is saved under: the given name, with the type's extension when it has none. */
export function downloadName(name: string, mimeType: string): string {
  const extension = EXTENSIONS[mimeType as UploadMimeType];
  if (!extension || /\.[a-z0-9]{2,5}$/i.test(name)) return name;
  return `${name}.${extension}`;
}
