import { z } from 'zod';
import { defineRoute, errors, json, problem } from '@onboard/api-contract';

export const AnalyticsCountsQuery = z.object({
  days: z.coerce
    .number()
    .int('Use a whole number')
    .min(1, 'Use 1 to 366')
    .max(366, 'Use 1 to 366')
    .default(30),
});

export const AnalyticsCounts = z
  .object({
    days: z.number().int(),
    rows: z.array(
      z.object({
        day: z.string().meta({ description: 'YYYY-MM-DD (UTC) the event was received' }),
        event: z.string(),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsCounts' });

export const getAnalyticsCounts = defineRoute('GET /api/analytics/counts', {
  tag: 'analytics',
  summary: 'Stored analytics events counted per event per day, newest day first (staff)',
  request: { query: AnalyticsCountsQuery },
  responses: {
    200: json(AnalyticsCounts, 'Counts of the last `days` days'),
    401: problem('Not signed in'),
    ...errors.notStaff,
  },
});
