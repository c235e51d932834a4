import { z } from 'zod';
import { defineRoute, json, media, problem } from '@onboard/api-contract';
import { Actor, ClientView } from '@onboard/api-contract/views';

const clientId = z.string().min(1);

const HistoryEntry = z.object({
  revision: z
    .number()
    .int()
    .meta({ description: 'The last revision of the save: "as of" shows the form after it' }),
  firstRevision: z.number().int(),
  type: z.string().meta({ description: 'The first event type of the save' }),
  kinds: z
    .array(z.string())
    .meta({ description: 'What the save did, in words (Added, Changed, Signed, ...)' }),
  at: z.string(),
  actor: Actor,
  who: z.string().meta({ description: 'Who, by name and role' }),
  summary: z.string(),
  lines: z
    .array(z.string())
    .meta({ description: 'Each change in words, labelled from the form definitions' }),
});

const HistoryTimeline = z
  .object({
    entries: z.array(HistoryEntry),
    total: z.number().int().meta({ description: 'Entries in the whole history' }),
    pageSize: z.number().int(),
    nextBefore: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Pass as `before` for the next (older) page; null on the last page' }),
  })
  .meta({ id: 'EifHistoryTimeline' });

/** Chosen wording, as the other lists' (the spec gives no message). */
const HISTORY_LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

export const EifHistoryQuery = z.object({
  before: z.string().optional().meta({ description: 'The cursor of the previous page (nextBefore)' }),
  limit: z.coerce
    .number({ error: HISTORY_LIMIT_MESSAGE })
    .int(HISTORY_LIMIT_MESSAGE)
    .min(1, HISTORY_LIMIT_MESSAGE)
    .max(100, HISTORY_LIMIT_MESSAGE)
    .default(25)
    .meta({ description: 'Entries per page, 1 to 100 (25); anything else is a 400' }),
});

const HistoryAtRevision = z
  .object({
    revision: z.number().int(),
    asOf: z.string(),
    form: ClientView.nullable(),
    current: ClientView.nullable(),
    differences: z.array(
      z.object({
        entity: z.string(),
        entityId: z.string(),
        attributeKey: z.string().nullable(),
        then: z.unknown(),
        now: z.unknown(),
        kind: z.enum(['added', 'removed', 'changed']),
      }),
    ),
  })
  .meta({ id: 'EifHistoryAtRevision' });

export const getEifHistory = defineRoute('GET /api/clients/{clientId}/eif/history', {
  tag: 'eif',
  summary: 'The EIF history of the client, one entry per save, newest first, paged (staff)',
  request: { params: z.object({ clientId }), query: EifHistoryQuery },
  responses: {
    200: json(HistoryTimeline, 'Newest first'),
    400: problem('Bad cursor (query.before) or page size (query.limit)'),
    403: problem('Not staff'),
    404: problem('No such client'),
  },
});

export const getEifAtRevision = defineRoute('GET /api/clients/{clientId}/eif/history/{revision}', {
  tag: 'eif',
  summary: 'The form at a revision (staff)',
  request: { params: z.object({ clientId, revision: z.string() }) },
  responses: {
    200: json(HistoryAtRevision, 'The form then, now, and what differs'),
    400: problem('No such revision (params.revision)'),
    403: problem('Not staff'),
    404: problem('No such client'),
  },
});

export const TZ_MESSAGE = 'Time zone must be an IANA name such as America/New_York';

const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** `tz` is an IANA zone name, UTC when absent; anything else (a repeated tz too) is a 400 keyed query.tz. */
export const EifSummaryQuery = z.object({
  tz: z
    .string({ error: TZ_MESSAGE })
    .refine((tz) => tz === '' || isTimeZone(tz), TZ_MESSAGE)
    .optional(),
});

export const getEifSummaryPdf = defineRoute('GET /api/clients/{clientId}/eif-summary', {
  tag: 'eif',
  summary: 'The EIF summary as a PDF download',
  request: { params: z.object({ clientId }), query: EifSummaryQuery },
  responses: {
    200: media('application/pdf', 'PDF attachment (Content-Disposition: attachment; filename=...)'),
    400: problem('Bad time zone (query.tz)'),
    403: problem('Not yours'),
    404: problem('No such client'),
  },
});

const AnswerInWords = z.object({
  answerId: z.string(),
  section: z.string(),
  entity: z.string().meta({ description: 'What the answer is of, in words ("Company", "Location: Boston")' }),
  question: z.string(),
  before: z.string(),
  after: z.string(),
});

const EifSignatures = z
  .object({
    signatures: z.array(
      z.object({
        signatureId: z.string(),
        signer: z.string().meta({ description: 'Who signed, by name and role' }),
        at: z.string(),
        sections: z.array(z.string()).meta({ description: 'The sections of the form the signer attested' }),
        toConfirm: z
          .array(AnswerInWords)
          .meta({ description: 'Accepted changes of those sections the signer has still to confirm' }),
        confirmations: z.array(z.object({ at: z.string(), answers: z.array(AnswerInWords) })),
      }),
    ),
    waitingFor: z.array(z.string()).meta({ description: 'The signers who still have to confirm, by name' }),
    mine: z.array(AnswerInWords).meta({ description: 'What the signed-in person is asked to confirm' }),
  })
  .meta({ id: 'EifSignatures' });

export const getEifSignatures = defineRoute('GET /api/clients/{clientId}/eif/signatures', {
  tag: 'eif',
  summary: 'Who signed which sections of the form, and who still has to confirm which accepted changes',
  request: { params: z.object({ clientId }) },
  responses: {
    200: json(EifSignatures, 'Every signature, its sections, confirmations and what it still has to confirm'),
    403: problem('Not yours'),
    404: problem('No such client'),
  },
});
