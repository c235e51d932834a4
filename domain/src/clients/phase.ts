import { codesOf } from '../one-of.ts';
/**
 * Where a client stands in its onboarding, for the staff client list and its phase filter. Browser-safe
 * (no zod): the web shows the words, and query-api/src/clients/list.ts mirrors the rule in SQL
 * (`PHASE_SQL`), so a filter and the column always agree.
 *
 * - 'live': the release status is LIVE (platform §4: onboarding complete), whatever else is open;
 * - 'setup': staff have not finished the setup checklist (a draft is always here). A client from before
 *   lifecycles existed has no checklist and counts as set up;
 * - 'eif': set up, the Employer Information Form not yet signed;
 * - 'enrollment': the form signed, the client working through enrollment until it goes LIVE.
 */
export const CLIENT_PHASE_LABELS = {
  setup: 'Setup',
  eif: 'Company information',
  enrollment: 'Enrollment',
  live: 'Live',
};
export const CLIENT_PHASES = codesOf(CLIENT_PHASE_LABELS);
export type ClientPhase = (typeof CLIENT_PHASES)[number];

export type PhaseFacts = {
  releaseStatus: string | null;
  /** False only for a client with a lifecycle whose setup is not completed (or a draft). */
  isSetUp: boolean;
  eifStatus: 'pre_sign' | 'signed' | null;
};

export function clientPhase({ releaseStatus, isSetUp, eifStatus }: PhaseFacts): ClientPhase {
  if (releaseStatus === 'LIVE') return 'live';
  if (!isSetUp) return 'setup';
  if (eifStatus !== 'signed') return 'eif';
  return 'enrollment';
}

/** The EIF status in words (staff client list). */
export const EIF_STATUS_LABELS = { pre_sign: 'Not signed', signed: 'Signed' } as const;
