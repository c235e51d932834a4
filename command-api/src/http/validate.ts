import type { z } from 'zod';
import { ValidationError } from '@onboard/domain';

/** zod at the edge: a bad body is a 400 keyed `body.<path>` and the command never runs. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = ['body', ...issue.path.map(String)].join('.');
    fields[key] ??= issue.message;
  }
  throw new ValidationError(fields);
}

/** `If-Match: 7` or `If-Match: "7"`: the EIF stream version the edit was made against. */
export function parseIfMatch(header: string | undefined): bigint | null {
  if (header === undefined || header === '') return null;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  if (!match) throw new ValidationError({ 'headers.if-match': 'If-Match must be a version number' });
  return BigInt(match[1]!);
}
