import express, { type Request, type RequestHandler } from 'express';
import {
  AppError,
  FILE_NAME_MISSING_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  ValidationError,
  safeFilename,
} from '@onboard/domain';

/**
 * Uploads whose body is the file itself (no multipart): the file's name comes URI-encoded in a header,
 * since header values are Latin-1 only. The document store, census and signing-template uploads read
 * their files this way; the app's 1 MB JSON limit does not apply since only these routes read raw bodies.
 */
export const FILE_NAME_HEADER = 'x-file-name';

/** The file name from the header, made safe; null when there is none. */
function uploadedFileName(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  try {
    return safeFilename(decodeURIComponent(header));
  } catch {
    return safeFilename(header);
  }
}

/** The file's name from its header, made safe; a 400 keyed `header.x-file-name` when there is none. */
export function requireFileName(req: Request): string {
  const name = uploadedFileName(req.get(FILE_NAME_HEADER));
  if (name === null) throw new ValidationError({ [`header.${FILE_NAME_HEADER}`]: FILE_NAME_MISSING_MESSAGE });
  return name;
}

/** Before the body is read: a 413 FILE_TOO_LARGE when the declared size is over the upload limit. */
export function refuseDeclaredOversize(req: Request): void {
  if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES)
    throw new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
}

/** The body as bytes, up to the upload limit; larger answers 413 FILE_TOO_LARGE. */
const readRaw = express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES });
export const readRawFile: RequestHandler = (req, res, next) =>
  readRaw(req, res, (error?: unknown) => {
    const isTooLarge = (error as { type?: string } | undefined)?.type === 'entity.too.large';
    next(isTooLarge ? new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE) : error);
  });

/** A refused file: a 400 on the body's file, with the message naming the problem. */
export const invalidFile = (message: string) => new ValidationError({ 'body.file': message }, message);
