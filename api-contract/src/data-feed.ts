import { z } from 'zod';

/** The data feed's answers both sides share: the rounds with their reports, and the companion guide. */
export const DataFeedParams = z.object({ clientId: z.string() });

const Issue = z.object({
  rule: z.string(),
  key: z.string(),
  member: z.string().nullable(),
  at: z.object({ transaction: z.string(), position: z.number().int() }).nullable(),
  censusRow: z.object({ policyId: z.string(), row: z.number().int() }).nullable(),
  message: z.string(),
});

const SegmentError = z.object({
  tag: z.string(),
  position: z.number().int(),
  loop: z.string(),
  code: z.string(),
  element: z.object({ position: z.number().int(), code: z.string(), value: z.string() }).nullable(),
});

export const DataFeedReport = z.object({
  accepted: z.boolean(),
  acknowledgment: z.object({
    interchange: z.object({ controlNumber: z.string(), codes: z.array(z.string()) }),
    group: z.object({ controlNumber: z.string(), codes: z.array(z.string()) }),
    transactions: z.array(
      z.object({
        controlNumber: z.string(),
        accepted: z.boolean(),
        codes: z.array(z.string()),
        segments: z.array(SegmentError),
      }),
    ),
  }),
  acknowledgmentInWords: z.array(z.string()),
  members: z.object({ subscribers: z.number().int(), dependants: z.number().int() }),
  checked: z.object({ eif: z.boolean(), census: z.boolean(), guide: z.boolean() }),
  problems: z.number().int(),
  groups: z.array(
    z.object({ rule: z.string(), label: z.string(), source: z.string(), count: z.number().int() }),
  ),
  issues: z.array(Issue),
  truncated: z.boolean(),
  keys: z.array(z.string()),
});

export const DataFeedView = z.object({
  rounds: z.array(
    z.object({
      round: z.number().int(),
      documentId: z.string(),
      fileName: z.string(),
      size: z.number().int(),
      acknowledgmentDocumentId: z.string(),
      at: z.string(),
      clean: z.boolean(),
      report: DataFeedReport,
      changes: z
        .object({
          fixed: z.number().int(),
          new: z.number().int(),
          newIssues: z.array(Issue),
          fixedRules: z.array(z.object({ label: z.string(), count: z.number().int() })),
        })
        .nullable(),
    }),
  ),
  cleanRoundsInARow: z.number().int(),
  canMarkReady: z.boolean(),
  ready: z.object({ round: z.number().int(), at: z.string(), notified: z.array(z.string()) }).nullable(),
  exports: z.array(
    z.object({ documentId: z.string(), fileName: z.string(), members: z.number().int(), at: z.string() }),
  ),
});

export const CompanionGuideProfile = z
  .object({
    name: z.string().max(200),
    receiverId: z.string().max(15),
    classCategory: z.string().max(60),
    maintenance: z
      .array(z.object({ type: z.string().max(3), reasons: z.array(z.string().max(2)).max(60) }).strict())
      .max(10),
    plans: z
      .array(
        z
          .object({
            insuranceLine: z.string().max(3),
            planCode: z.string().max(50),
            benefitType: z.string().max(60),
          })
          .strict(),
      )
      .max(200),
  })
  .strict();

export const CompanionGuideAnswer = z.object({
  profile: CompanionGuideProfile,
  isDefault: z.boolean(),
  changedAt: z.string().nullable(),
});
