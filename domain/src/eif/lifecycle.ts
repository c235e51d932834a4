import type { EifStamps } from './decider.ts';

/** Later of ISO timestamps (they compare as text); null when none is set. */
const latest = (...times: (string | null)[]): string | null =>
  times.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);

/**
 * onboarding §4: an entity change is 'newer than last signature/decision' when it was created after the
 * latest of the signed, accepted and declined dates.
 */
export function isNewerThanLastSignatureOrDecision(createdAt: string, stamps: EifStamps): boolean {
  const last = latest(stamps.eifSignedAt, stamps.deifChangesAcceptedAt, stamps.deifChangesDeclinedAt);
  return last === null || createdAt > last;
}

/** Ready for review since the last decision (accept, decline or undo). */
export function isReadyForReview(stamps: EifStamps): boolean {
  const ready = stamps.deifChangesReadyForReviewAt;
  if (ready === null) return false;
  const decided = latest(
    stamps.deifChangesAcceptedAt,
    stamps.deifChangesDeclinedAt,
    stamps.deifChangesUndoneAt,
  );
  return decided === null || ready > decided;
}

/** onboarding §4: 'Undone' counts only if it is later than the latest accept or sign and the client is not ready for review. */
export function isUndoneCounted(stamps: EifStamps): boolean {
  const undone = stamps.deifChangesUndoneAt;
  if (undone === null || isReadyForReview(stamps)) return false;
  const last = latest(stamps.eifSignedAt, stamps.deifChangesAcceptedAt);
  return last === null || undone > last;
}

export type CompanyInformationEditState =
  'no-edits' | 'changes-accepted' | 'changes-declined-no-new-edits' | 'ready-for-review';

/**
 * The company-information edit state of the signer views (explorer §4), from the stamps and the times of
 * the pending changes.
 */
export function companyInformationEditState(
  stamps: EifStamps,
  pendingCreatedAt: readonly string[],
): CompanyInformationEditState {
  if (isReadyForReview(stamps) && pendingCreatedAt.length > 0) return 'ready-for-review';
  const accepted = stamps.deifChangesAcceptedAt;
  const declined = stamps.deifChangesDeclinedAt;
  const hasNewEdits = pendingCreatedAt.some((at) => isNewerThanLastSignatureOrDecision(at, stamps));
  if (declined !== null && (accepted === null || declined > accepted) && !hasNewEdits) {
    return 'changes-declined-no-new-edits';
  }
  if (accepted !== null && (declined === null || accepted >= declined) && !hasNewEdits)
    return 'changes-accepted';
  return 'no-edits';
}
