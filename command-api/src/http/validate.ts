import { ValidationError } from '@onboard/domain';

/** `If-Match: 7` or `If-Match: "7"`: the EIF stream version the edit was made against. */
export function parseIfMatch(header: string | undefined): bigint | null {
  if (header === undefined || header === '') return null;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  if (!match) throw new ValidationError({ 'headers.if-match': 'If-Match must be a version number' });
  return BigInt(match[1]!);
}
