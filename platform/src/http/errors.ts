import type { TLSSocket } from 'node:tls';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { AppError } from '@onboard/domain';
import type { Logger } from '../logger.ts';
import { maintenancePayload, RETRY_AFTER_SECONDS, unavailableDependency } from './outage.ts';

/** Where an unexpected error goes besides the log (the error reporter: the DSN or the table). */
export type ReportServerError = (error: unknown, request: { method: string; url: string }) => Promise<void>;

/** An RFC 9457 problem answer, as every error of the API is written. */
export function sendProblem(
  res: Response,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  res
    .status(status)
    .type('application/problem+json')
    .json({
      type: 'about:blank',
      title: message,
      status,
      code,
      message,
      ...extra,
    });
}

/**
 * The one error middleware: typed errors become problem-details JSON with a stable `code` (and
 * `validationError` for 400s); anything else is a 500 whose details stay in the log and are reported.
 */
export function errorMiddleware(logger: Logger, report?: ReportServerError): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AppError) {
      sendProblem(res, error.status, error.code, error.message, error.details);
      return;
    }
    if (error?.type === 'entity.parse.failed') {
      sendProblem(res, 400, 'MALFORMED_JSON', 'The request body is not valid JSON');
      return;
    }
    if (error?.type === 'entity.too.large') {
      sendProblem(res, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
      return;
    }
    // A dependency that is down: the maintenance answer, not a bug (outage.ts).
    const down = unavailableDependency(error);
    if (down) {
      logger.warn(
        {
          dependency: down,
          code: error?.code,
          message: error?.message,
          method: req.method,
          url: req.originalUrl,
        },
        'dependency unavailable',
      );
      res
        .status(503)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .type('application/problem+json')
        .json(maintenancePayload([down]));
      return;
    }
    // PostgreSQL refused a value (class 22, data exception: a number out of range, text it cannot store):
    // the request's fault, whatever slipped past validation.
    if (typeof error?.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code) && error?.severity) {
      logger.info(
        { code: error.code, method: req.method, url: req.originalUrl },
        'value refused by the database',
      );
      res.status(400).type('application/problem+json').json({
        type: 'about:blank',
        title: 'Invalid value',
        status: 400,
        code: 'INVALID_VALUE',
        message: 'The request has a value that cannot be stored',
      });
      return;
    }
    // The body parser's own refusals (an unsupported charset or content encoding: 415; a body that does
    // not decode: 400) keep their status.
    const status = Number(error?.status ?? error?.statusCode);
    if (error?.expose && Number.isInteger(status) && status >= 400 && status < 500) {
      const code = String(error.type ?? 'bad.request')
        .replaceAll(/[^a-z]+/gi, '_')
        .toUpperCase();
      res
        .status(status)
        .type('application/problem+json')
        .json({
          type: 'about:blank',
          title: String(error.message),
          status,
          code: status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : code,
          message: String(error.message),
        });
      return;
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    void report?.(error, {
      method: req.method,
      url: `${req.protocol}://${req.get('host')}${req.originalUrl}`,
    });
    sendProblem(res, 500, 'INTERNAL', 'Something went wrong');
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  sendProblem(res, 404, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
};

/**
 * The Content-Security-Policy of every answer: only this origin's scripts, styles (inline styles for the
 * design system), images (and data: URLs), connections; never framed; no <base> elsewhere.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
};

/** A year, with subdomains: sent only on answers that went over https (behind the edge, X-Forwarded-Proto). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const helmetHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Over plain http (the embedded default on 127.0.0.1) HSTS means nothing; sent below when secure.
  strictTransportSecurity: false,
});

/**
 * What helmet does to every response, played once on a recording response: its headers do not depend on
 * the request, so each answer gets them from this list instead of through helmet's dozen middlewares.
 */
const HELMET_STEPS = ((): readonly (readonly [name: string, value: string | null])[] => {
  const steps: [string, string | null][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => steps.push([name, String(value)]),
    removeHeader: (name: string) => steps.push([name, null]),
  };
  let finished = false;
  helmetHeaders({} as Request, recorder as unknown as Response, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return steps;
})();

/** Security headers for every response (helmet), HSTS when the request came over https. */
export const securityHeaders: RequestHandler = (req, res, next) => {
  for (const [name, value] of HELMET_STEPS) {
    if (value === null) res.removeHeader(name);
    else res.setHeader(name, value);
  }
  // Without X-Forwarded-Proto the protocol is the socket's: no trust-proxy check of the address needed.
  const secure =
    req.headers['x-forwarded-proto'] === undefined
      ? Boolean((req.socket as TLSSocket).encrypted)
      : req.secure;
  if (secure)
    res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
  next();
};
