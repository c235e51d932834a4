import { z } from 'zod';
import { json, media, problem, routeFamily } from '@onboard/api-contract';

const Day = z.iso.date({ error: 'Give the day as YYYY-MM-DD' });

export const PersonalDataAccessQuery = z.object({
  clientId: z.string().min(1).optional(),
  userId: z.string().min(1).optional(),
  /** The first and last day (UTC) of the looks listed, both included. */
  from: Day.optional(),
  to: Day.optional(),
});

export const PersonalDataAccessEntry = z.object({
  id: z.string(),
  kind: z.enum(['REVEAL', 'UNMASKED_DOWNLOAD', 'ERASURE']),
  kindLabel: z.string(),
  at: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  userId: z.string(),
  /** Who looked, as "First Last (Role)". */
  person: z.string(),
  what: z.string(),
  reason: z.string(),
});

export const PersonalDataAccessLog = z
  .object({
    entries: z.array(PersonalDataAccessEntry),
    /** More looks match than are listed: narrow the filters, or export them all as CSV. */
    truncated: z.boolean(),
    /** The clients and people the log names, for its filters. */
    clients: z.array(z.object({ id: z.string(), name: z.string() })),
    people: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'PersonalDataAccessLog' });

/** The access log, which carrier owners alone read. */
const accessLogRoute = routeFamily({
  tag: 'personal-data',
  responses: { 403: problem('Only carrier owners read the access log') },
});

export const listPersonalDataAccess = accessLogRoute('GET /api/personal-data-access', {
  summary: 'Who looked at unmasked personal data: every reveal, unmasked download and erasure',
  description: 'Newest first, filtered by client, person and days; carrier owners only.',
  request: { query: PersonalDataAccessQuery },
  responses: { 200: json(PersonalDataAccessLog, 'The access log') },
});

export const exportPersonalDataAccess = accessLogRoute('GET /api/personal-data-access/export', {
  summary: 'The access log as CSV, with the same filters',
  request: { query: PersonalDataAccessQuery },
  responses: { 200: media('text/csv', 'Every look the filters match, newest first') },
});
