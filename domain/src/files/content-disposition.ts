/**
 * Downloaded files (onboarding §5): every download names itself with `attachment; filename=...`, and the
 * filename has slashes, quotes and backslashes removed so it can neither escape the quoted header value
 * nor name a folder on the user's disk. A response without the header is an error (onboarding §8).
 */

/** Thrown by the client side when a download answer lacks a header the spec requires. */
export class DownloadHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadHeaderError';
  }
}

const FALLBACK_FILENAME = 'download';

/** The name without / \ " ' and control characters, trimmed; never empty. */
export function safeFilename(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const cleaned = name.replace(/[/\\"'\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? FALLBACK_FILENAME : cleaned;
}

/**
 * The header value for a safe filename. HTTP header values are Latin-1 only, so a name with other
 * characters also travels as RFC 5987 `filename*` (UTF-8) and the plain `filename=` gets an ASCII stand-in.
 */
export function contentDisposition(name: string): string {
  const safe = safeFilename(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  if (ascii === safe) return `attachment; filename="${safe}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type ParsedDisposition = { filename: string };

/** Reads a download's Content-Disposition; throws a DownloadHeaderError when it is missing or not an attachment. */
export function parseContentDisposition(header: string | null | undefined): ParsedDisposition {
  if (header == null || header.trim() === '') {
    throw new DownloadHeaderError('The download has no Content-Disposition header');
  }
  if (!/^\s*attachment\s*;\s*filename=/i.test(header)) {
    throw new DownloadHeaderError(
      `The download's Content-Disposition is not 'attachment; filename=': ${header}`,
    );
  }
  const extended = /;\s*filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      return { filename: safeFilename(decodeURIComponent(extended[1]!)) };
    } catch {
      // A malformed extended value falls back to the plain filename.
    }
  }
  const plain = /filename=\s*(?:"([^"]*)"|([^;]*))/i.exec(header)!;
  return { filename: safeFilename(plain[1] ?? plain[2] ?? '') };
}

export type DownloadHeaders = { contentType: string; filename: string };

/** Both headers a download must carry (onboarding §5, §8); `get` is a Headers-like lookup. */
export function readDownloadHeaders(get: (name: string) => string | null | undefined): DownloadHeaders {
  const contentType = get('content-type');
  if (contentType == null || contentType.trim() === '') {
    throw new DownloadHeaderError('The download has no Content-Type header');
  }
  return { contentType: contentType.trim(), ...parseContentDisposition(get('content-disposition')) };
}
