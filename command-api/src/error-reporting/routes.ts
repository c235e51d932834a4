import express, { Router, type RequestHandler } from 'express';
import { AppError } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { addressOf, type Throttle } from '../http/throttle.ts';
import { ENVELOPE_CONTENT_TYPES, ENVELOPE_LIMIT_BYTES, sentryTunnel } from './routes.contract.ts';

/** Where an envelope goes: forwarded to the configured service, or kept for staff (the platform's reporter). */
export type EnvelopeIntake = {
  takeEnvelope: (envelope: Uint8Array) => Promise<{ id: string | null }>;
};

export type ErrorReportingCommandDeps = {
  reporter: EnvelopeIntake;
  /** The tunnel is anonymous: envelopes count per address before they are read. */
  throttle: Pick<Throttle, 'consume'>;
};

/**
 * The error-reporting tunnel (onboarding §7, platform §7): mounted before the JSON parser and the CSRF
 * check, since the browser SDK sends an envelope as text and no CSRF header.
 */
export function errorReportingCommandRoutes(deps: ErrorReportingCommandDeps): Router {
  const router = Router();
  const readEnvelope = express.raw({ type: [...ENVELOPE_CONTENT_TYPES], limit: ENVELOPE_LIMIT_BYTES });
  const countEnvelope: RequestHandler = (req, res, next) => {
    deps.throttle.consume(res, ['errorReportAddress', addressOf(req)]).then(() => next(), next);
  };

  mount(
    router,
    sentryTunnel,
    async (req, res) => {
      if (!Buffer.isBuffer(req.body))
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send a Sentry envelope (application/x-sentry-envelope)',
        );
      res.json(await deps.reporter.takeEnvelope(new Uint8Array(req.body)));
    },
    { before: [countEnvelope, readEnvelope] },
  );

  return router;
}
