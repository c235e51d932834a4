import { z } from 'zod';
import { eventSchema, Stamp } from './schema.ts';

/**
 * A test 834 (ANSI X12 005010X220A1) was uploaded on the connect-service task and read: its bytes and its
 * 999 acknowledgment are in the document store; the report (the acknowledgment in words, the checks
 * against the signed EIF, the submitted census and the companion guide) is domain/src/data-feed/report.ts's.
 */
export const DataFeedRoundRecorded = eventSchema('DataFeedRoundRecorded', {
  clientId: z.string(),
  round: z.number().int().min(1),
  documentId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  acknowledgmentDocumentId: z.string(),
  report: z.record(z.string(), z.unknown()),
  ...Stamp,
});

/** Staff marked the feed ready for production after two clean rounds in a row; production support is told. */
export const DataFeedMarkedReady = eventSchema('DataFeedMarkedReady', {
  clientId: z.string(),
  round: z.number().int().min(1),
  notified: z.array(z.string()),
  ...Stamp,
});

/** Staff made the submitted census into a full-file 834 (kept in the document store) to download. */
export const DataFeedCensusExported = eventSchema('DataFeedCensusExported', {
  clientId: z.string(),
  documentId: z.string(),
  fileName: z.string(),
  members: z.number().int(),
  ...Stamp,
});

export const DataFeedEvent = z.discriminatedUnion('type', [
  DataFeedRoundRecorded,
  DataFeedMarkedReady,
  DataFeedCensusExported,
]);
export type DataFeedEvent = z.infer<typeof DataFeedEvent>;

/** The carrier's companion-guide profile was saved (the whole profile: domain/src/data-feed/profile.ts). */
export const CompanionGuideProfileSet = eventSchema('CompanionGuideProfileSet', {
  profile: z.record(z.string(), z.unknown()),
  ...Stamp,
});
export type CompanionGuideProfileEvent = z.infer<typeof CompanionGuideProfileSet>;

/** The test files, their rounds and the census exports of one client's data feed. */
export const dataFeedStream = (clientId: string) => `data-feed-${clientId}`;
/** The carrier's companion-guide profile (one stream: the carrier's one profile). */
export const COMPANION_GUIDE_STREAM = 'companion-guide-carrier';
