import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

export const ErrorReportingSettings = z.object({
  dsn: z.string().meta({ description: 'The DSN the browser SDK names (its public key is not a secret)' }),
  tunnel: z.literal('/api/sentry'),
  release: z.string(),
});
export const errorReportingSettings = defineRoute('GET /api/sentry/settings', {
  tag: 'platform',
  summary: 'What the browser SDK needs: the DSN and release (until the configuration call carries them)',
  isSignedIn: false,
  responses: { 200: json(ErrorReportingSettings, 'The settings') },
});

export const ErrorReport = z.object({
  reportId: z.string(),
  source: z.enum(['web', 'server']),
  sourceLabel: z.string(),
  level: z.string(),
  levelLabel: z.string(),
  message: z.string(),
  url: z.string().nullable(),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
});
export const listErrorReports = defineRoute('GET /api/error-reports', {
  tag: 'platform',
  summary: 'The error reports kept here (no DSN configured), newest first; staff only',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }) },
  responses: {
    200: json(z.array(ErrorReport), 'Newest first'),
    403: problem('Not staff'),
  },
});
