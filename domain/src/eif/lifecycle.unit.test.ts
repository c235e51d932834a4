import { describe, expect, it } from 'vitest';
import { EMPTY_STAMPS, type EifStamps } from './decider.ts';
import {
  companyInformationEditState,
  isNewerThanLastSignatureOrDecision,
  isReadyForReview,
  isUndoneCounted,
} from './lifecycle.ts';

const stamps = (s: Partial<EifStamps>): EifStamps => ({ ...EMPTY_STAMPS, ...s });
const T = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;

describe('EIF lifecycle rules (onboarding §4)', () => {
  it('a change is newer than the last signature or decision only when created after the latest of them', () => {
    const s = stamps({ eifSignedAt: T(1), deifChangesAcceptedAt: T(5), deifChangesDeclinedAt: T(3) });
    expect(isNewerThanLastSignatureOrDecision(T(6), s)).toBe(true);
    expect(isNewerThanLastSignatureOrDecision(T(4), s)).toBe(false);
    expect(isNewerThanLastSignatureOrDecision(T(4), stamps({}))).toBe(true);
  });

  it('undone counts only after the latest accept or sign, and not while ready for review', () => {
    expect(isUndoneCounted(stamps({ eifSignedAt: T(1), deifChangesUndoneAt: T(2) }))).toBe(true);
    expect(
      isUndoneCounted(stamps({ eifSignedAt: T(1), deifChangesAcceptedAt: T(3), deifChangesUndoneAt: T(2) })),
    ).toBe(false);
    expect(
      isUndoneCounted(
        stamps({ eifSignedAt: T(1), deifChangesUndoneAt: T(2), deifChangesReadyForReviewAt: T(4) }),
      ),
    ).toBe(false);
    expect(isUndoneCounted(stamps({ eifSignedAt: T(1) }))).toBe(false);
  });

  it('ready for review lasts until the next decision', () => {
    expect(isReadyForReview(stamps({ deifChangesReadyForReviewAt: T(2) }))).toBe(true);
    expect(isReadyForReview(stamps({ deifChangesReadyForReviewAt: T(2), deifChangesAcceptedAt: T(3) }))).toBe(
      false,
    );
  });

  it('names the company-information edit state', () => {
    expect(companyInformationEditState(stamps({ eifSignedAt: T(1) }), [])).toBe('no-edits');
    expect(
      companyInformationEditState(stamps({ eifSignedAt: T(1), deifChangesReadyForReviewAt: T(3) }), [T(2)]),
    ).toBe('ready-for-review');
    expect(companyInformationEditState(stamps({ eifSignedAt: T(1), deifChangesAcceptedAt: T(3) }), [])).toBe(
      'changes-accepted',
    );
    expect(companyInformationEditState(stamps({ eifSignedAt: T(1), deifChangesDeclinedAt: T(3) }), [])).toBe(
      'changes-declined-no-new-edits',
    );
    expect(
      companyInformationEditState(stamps({ eifSignedAt: T(1), deifChangesDeclinedAt: T(3) }), [T(4)]),
    ).toBe('no-edits');
  });
});
