import { z } from 'zod';

const By = z.object({ userId: z.string(), role: z.string() });

/**
 * A test 834 (ANSI X12 005010X220A1) was uploaded on the connect-service task and read: its bytes and its
 * 999 acknowledgment are in the document store; the report (the acknowledgment in words, the checks
 * against the signed EIF, the submitted census and the companion guide) is domain/src/data-feed/report.ts's.
 */
export const DataFeedRoundRecorded = z.object({
  type: z.literal('DataFeedRoundRecorded'),
  data: z.object({
    clientId: z.string(),
    round: z.number().int().min(1),
    documentId: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    acknowledgmentDocumentId: z.string(),
    report: z.record(z.string(), z.unknown()),
    at: z.string(),
    by: By,
  }),
});

/** Staff marked the feed ready for production after two clean rounds in a row; production support is told. */
export const DataFeedMarkedReady = z.object({
  type: z.literal('DataFeedMarkedReady'),
  data: z.object({
    clientId: z.string(),
    round: z.number().int().min(1),
    notified: z.array(z.string()),
    at: z.string(),
    by: By,
  }),
});

/** Staff made the submitted census into a full-file 834 (kept in the document store) to download. */
export const DataFeedCensusExported = z.object({
  type: z.literal('DataFeedCensusExported'),
  data: z.object({
    clientId: z.string(),
    documentId: z.string(),
    fileName: z.string(),
    members: z.number().int(),
    at: z.string(),
    by: By,
  }),
});

export const DataFeedEvent = z.discriminatedUnion('type', [
  DataFeedRoundRecorded,
  DataFeedMarkedReady,
  DataFeedCensusExported,
]);
export type DataFeedEvent = z.infer<typeof DataFeedEvent>;

/** The carrier's companion-guide profile was saved (the whole profile: domain/src/data-feed/profile.ts). */
export const CompanionGuideProfileSet = z.object({
  type: z.literal('CompanionGuideProfileSet'),
  data: z.object({ profile: z.record(z.string(), z.unknown()), at: z.string(), by: By }),
});
export type CompanionGuideProfileEvent = z.infer<typeof CompanionGuideProfileSet>;

/** The test files, their rounds and the census exports of one client's data feed. */
export const dataFeedStream = (clientId: string) => `data-feed-${clientId}`;
/** The carrier's companion-guide profile (one stream: the carrier's one profile). */
export const COMPANION_GUIDE_STREAM = 'companion-guide-carrier';
