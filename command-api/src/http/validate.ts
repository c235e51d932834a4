import { ValidationError } from '@onboard/domain';

/** `If-Match: 7` or `If-Match: "7"`: the EIF stream version the edit was made against. */
export function parseIfMatch(header: string | undefined): bigint | null {
  if (header === undefined || header === '') return null;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  if (!match) throw new ValidationError({ 'headers.if-match': 'If-Match must be a version number' });
  return BigInt(match[1]!);
}

/** The Seen-Version header (field-aware edits of the EIF): a version number, or null when not sent. */
export function parseSeenVersion(header: string | undefined): bigint | null {
  if (header === undefined || header === '') return null;
  const match = /^"?(\d+)"?$/.exec(header.trim());
  if (!match) throw new ValidationError({ 'headers.seen-version': 'Seen-Version must be a version number' });
  return BigInt(match[1]!);
}

/** A domain rule's messages by body field (undefined: no message) as the 400 keyed `body.<field>`. */
export const bodyFieldErrors = (errors: Readonly<Record<string, string | undefined>>, message?: string) =>
  new ValidationError(
    Object.fromEntries(
      Object.entries(errors)
        .filter((e): e is [string, string] => e[1] !== undefined)
        .map(([field, message]) => [`body.${field}`, message]),
    ),
    message,
  );
