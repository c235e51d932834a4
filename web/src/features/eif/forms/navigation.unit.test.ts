import { describe, expect, it } from 'vitest';
import { visibleSubSteps } from '@onboard/domain/web';
import {
  eifSubStepPath,
  firstSubStepOf,
  flatSubSteps,
  nextPath,
  nextSubStep,
  previousSubStep,
} from './navigation.ts';

// A dental-only client: no FLI, PFML or statutory plans, so those sub-steps are not in its form.
const steps = visibleSubSteps({
  policies: [{ slfCoverages: ['Dental'] }],
  plans: [{ benefitType: 'DENTAL' }],
  healthcareProfessionalsSegment: false,
});

describe('moving through the visible sub-steps', () => {
  it('goes to the next visible sub-step, across steps, skipping hidden ones', () => {
    expect(nextSubStep(steps, 'tax-id')?.subStepId).toBe('subsidiaries-and-affiliates');
    expect(nextSubStep(steps, 'previous-coverage-information')).toMatchObject({
      stepId: 'plan-administrators-&-billing',
      subStepId: 'plan-administrators',
    });
    // malpractice-reimbursements is hidden for this client, and FLI / PFML too.
    expect(nextSubStep(steps, 'monthly-claims-reports-and-eobs')?.subStepId).toBe('class-builder');
    expect(nextSubStep(steps, 'class-builder')?.subStepId).toBe('confirm-policy-anniversary');
    expect(flatSubSteps(steps).map((s) => s.subStepId)).not.toContain('fli-preferences');
  });

  it('ends at review-&-submit after the last sub-step', () => {
    expect(nextSubStep(steps, 'value-added-services')).toBeNull();
    expect(nextPath('acme', steps, 'value-added-services')).toBe(
      '/client/acme/task/eif-submit-company-information/step/review-&-submit',
    );
  });

  it('goes back to the previous visible sub-step, and nowhere from the first', () => {
    expect(previousSubStep(steps, 'confirm-policy-anniversary')?.subStepId).toBe('class-builder');
    expect(previousSubStep(steps, 'benefits-administration-and-data-feed')).toBeNull();
    expect(previousSubStep(steps, 'no-such-sub-step')).toBeNull();
  });

  it('opens a step at its first visible sub-step; review-&-submit has none', () => {
    expect(firstSubStepOf(steps, 'plan-configuration-&-eligibility')?.subStepId).toBe('class-builder');
    expect(firstSubStepOf(steps, 'review-&-submit')).toBeNull();
    expect(eifSubStepPath('acme', 'other-contract-details', 'erisa')).toBe(
      '/client/acme/task/eif-submit-company-information/step/other-contract-details/erisa',
    );
  });
});
