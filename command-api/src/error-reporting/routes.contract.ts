import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

/** The largest envelope the tunnel takes (the browser SDK's own limit for an event is far below). */
export const ENVELOPE_LIMIT_BYTES = 256 * 1024;
export const ENVELOPE_CONTENT_TYPES = ['application/x-sentry-envelope', 'text/plain'] as const;

export const sentryTunnel = defineRoute('POST /api/sentry', {
  tag: 'platform',
  summary: 'The error-reporting tunnel',
  description:
    'Takes a Sentry envelope from the browser SDK and forwards it to the configured DSN’s project, or, ' +
    'with none configured, keeps its error event (one an envelope, its own bytes, at most 64 KB; the ' +
    'oldest kept reports are dropped past the table’s byte cap) for staff to read. No CSRF header: the ' +
    'SDK sends none, and the tunnel acts for no one. Counted per address (ONBOARD_THROTTLE_ERROR_REPORT_ADDRESS).',
  isSignedIn: false,
  request: { bodyContentTypes: ENVELOPE_CONTENT_TYPES },
  responses: {
    200: json(z.object({ id: z.string().nullable() }), 'Taken, with the envelope’s event id'),
    400: problem('Not an envelope, or its DSN is not the configured one'),
    413: problem('Larger than the limit (the envelope 256 KB, its event 64 KB)'),
    415: problem('Not an envelope’s content type'),
    429: problem('TOO_MANY_ATTEMPTS: too many envelopes from this address; Retry-After gives the seconds'),
    502: problem('The error-reporting service did not take it'),
  },
});
