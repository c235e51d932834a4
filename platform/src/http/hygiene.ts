import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { findRoute, type RouteContract } from '@onboard/api-contract';
import { AppError, ValidationError } from '@onboard/domain';

/**
 * The input-hygiene layer: what no route should have to think about is refused here, before any handler
 * runs, with a 4xx that says what is wrong (platform/src/http/errors.ts writes the body).
 *
 * - a path that is not valid percent-encoded UTF-8 → 400 MALFORMED_PATH;
 * - NUL or a lone UTF-16 surrogate in a path segment, a query value (or name) or any JSON string (or key)
 *   → 400 VALIDATION_ERROR naming the field (`params.<n>`, `query.<name>`, `body.<path>`);
 * - a body sent to a JSON route that is not JSON → 415 UNSUPPORTED_MEDIA_TYPE (before: 200, body ignored);
 * - a JSON body declared in any charset but UTF-8 (RFC 8259 §8.1) → 415 UNSUPPORTED_MEDIA_TYPE;
 * - a JSON body whose bytes are not valid UTF-8 → 400 VALIDATION_ERROR on `body` (`jsonBodyBytes`, the
 *   JSON parser's `verify`), never read with U+FFFD in place of the bad bytes.
 *
 * Content encodings the JSON parser does not read come out of it as 415 (errors.ts).
 */

const NOT_CLEAN = 'Must not contain NUL characters or unpaired surrogates';

/** NUL, or a high surrogate without its low one, or a low one alone. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNCLEAN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isCleanText = (value: string) => !UNCLEAN.test(value);

class MalformedPathError extends AppError {
  constructor() {
    super(400, 'MALFORMED_PATH', 'The address is not valid: it has a malformed percent-encoding');
  }
}

class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'This endpoint takes JSON: send Content-Type: application/json') {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}

/** The first string (or key) inside a JSON value that is not clean text, as `body.a.0.b`. */
function findUnclean(value: unknown, path: string): string | null {
  const found = uncleanAt(value, 0);
  return found ? [path, ...found].join('.') : null;
}

/**
 * The steps from `value` to its first string that is not clean text (none for `value` itself, or for
 * the object holding such a key); null when all is clean. The path is only built for what is found.
 */
function uncleanAt(value: unknown, depth: number): (string | number)[] | null {
  if (typeof value === 'string') return isCleanText(value) ? null : [];
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = uncleanAt(value[i], depth + 1);
      if (found) return [i, ...found];
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (!isCleanText(key)) return [];
    const found = uncleanAt((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

const refuse = (field: string) => new ValidationError({ [field]: NOT_CLEAN });

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

const isJsonType = (contentType: string | undefined) =>
  /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');

/** The declared charset of a content type, lower-cased; null when none is named. */
const charsetOf = (contentType: string | undefined) =>
  /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase() ?? null;

const NOT_UTF8 = 'The request body is not valid UTF-8';

/** The JSON parser's `verify`: the raw bytes (after any Content-Encoding) must be valid UTF-8. */
export function jsonBodyBytes(_req: IncomingMessage, _res: unknown, bytes: Buffer) {
  if (!isUtf8(bytes)) throw new ValidationError({ body: NOT_UTF8 });
}

/**
 * Before routing: the path and the query. `contracts` are the routes whose JSON bodies are checked for
 * their content type (a route that takes files or envelopes names its own types and is left alone).
 */
export function requestHygiene(contracts: readonly RouteContract[]): RequestHandler {
  return (req, _res, next) => {
    const rawPath = req.path;
    let segments: string[];
    try {
      segments = rawPath.split('/').map((segment) => decodeURIComponent(segment));
    } catch {
      next(new MalformedPathError());
      return;
    }
    const badSegment = segments.findIndex((segment) => !isCleanText(segment));
    if (badSegment >= 0) {
      // Named by the route's parameter when a route matches (`params.slug`), else the path as a whole.
      const template = findRoute(contracts, req.method, rawPath)?.path.split('/')[badSegment];
      const name = template && /^\{(\w+)\}$/.exec(template)?.[1];
      next(refuse(name ? `params.${name}` : 'path'));
      return;
    }
    // Each name and value of the raw query must be valid percent-encoded UTF-8 (the query parser would
    // quietly turn the rest into replacement characters).
    const rawQuery = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
      : '';
    for (const pair of rawQuery.split('&')) {
      const [name = '', value = ''] = pair.split('=', 2);
      try {
        decodeURIComponent(name.replaceAll('+', ' '));
        decodeURIComponent(value.replaceAll('+', ' '));
      } catch {
        let field = 'query';
        try {
          field = `query.${decodeURIComponent(name)}`;
        } catch {
          // The name itself is malformed: the query as a whole.
        }
        next(new ValidationError({ [field]: 'Not valid percent-encoded UTF-8' }));
        return;
      }
    }
    const query = findUnclean(req.query, 'query');
    if (query) {
      next(refuse(query === 'query' ? 'query' : query));
      return;
    }
    const contentType = req.headers['content-type'];
    if (rawPath.startsWith('/api/') && hasBody(req.headers) && !isJsonType(contentType)) {
      const route = findRoute(contracts, req.method, rawPath);
      if (route?.request?.body && !route.request.bodyContentTypes) {
        next(new UnsupportedMediaTypeError());
        return;
      }
    }
    const charset = charsetOf(contentType);
    if (rawPath.startsWith('/api/') && hasBody(req.headers) && isJsonType(contentType) && charset !== null) {
      if (charset !== 'utf-8' && charset !== 'utf8') {
        next(new UnsupportedMediaTypeError(`JSON is read as UTF-8 only: unsupported charset "${charset}"`));
        return;
      }
    }
    next();
  };
}

/** After the JSON parser: every string and key of the body. */
export const jsonBodyHygiene: RequestHandler = (req, _res, next) => {
  const field = findUnclean(req.body, 'body');
  next(field ? refuse(field) : undefined);
};
