import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '@onboard/domain';
import type { Logger } from '../logger.ts';

/** Where an unexpected error goes besides the log (the error reporter: the DSN or the table). */
export type ReportServerError = (error: unknown, request: { method: string; url: string }) => Promise<void>;

/**
 * The one error middleware: typed errors become problem-details JSON with a stable `code` (and
 * `validationError` for 400s); anything else is a 500 whose details stay in the log and are reported.
 */
export function errorMiddleware(logger: Logger, report?: ReportServerError): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AppError) {
      res
        .status(error.status)
        .type('application/problem+json')
        .json({
          type: 'about:blank',
          title: error.message,
          status: error.status,
          code: error.code,
          message: error.message,
          ...error.details,
        });
      return;
    }
    if (error?.type === 'entity.parse.failed') {
      res
        .status(400)
        .json({ status: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' });
      return;
    }
    if (error?.type === 'entity.too.large') {
      res
        .status(413)
        .json({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
      return;
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    void report?.(error, {
      method: req.method,
      url: `${req.protocol}://${req.get('host')}${req.originalUrl}`,
    });
    res.status(500).json({ status: 500, code: 'INTERNAL', message: 'Something went wrong' });
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ status: 404, code: 'NOT_FOUND', message: `No route for ${req.method} ${req.path}` });
};

/** Baseline security headers for every response. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'",
  );
  next();
};
