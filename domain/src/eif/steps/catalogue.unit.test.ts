import { describe, expect, it } from 'vitest';
import {
  EIF_STEP_IDS,
  EIF_STEPS,
  EIF_SUB_STEP_IDS,
  UnknownEifSubStepError,
  assertNeverSubStep,
  eifStepOf,
  eifSubStepLabel,
  isEifStepId,
  parseEifSubStepId,
} from './catalogue.ts';

describe('EIF step catalogue (onboarding §3)', () => {
  it('has the five steps in form order', () => {
    expect(EIF_STEP_IDS).toEqual([
      'company-information',
      'plan-administrators-&-billing',
      'plan-configuration-&-eligibility',
      'other-contract-details',
      'review-&-submit',
    ]);
    expect(EIF_STEPS['review-&-submit']).toEqual([]);
  });

  it('has every sub-step of the table once', () => {
    expect(EIF_SUB_STEP_IDS).toHaveLength(26);
    expect(new Set(EIF_SUB_STEP_IDS).size).toBe(26);
  });

  it('places every sub-step under the step that lists it', () => {
    for (const step of EIF_STEP_IDS) {
      for (const subStep of EIF_STEPS[step]) expect(eifStepOf(subStep)).toBe(step);
    }
  });

  it('names the non-class sub-step after the plans', () => {
    expect(eifSubStepLabel('non-class-benefits-preferences', 'PFML')).toBe('PFML preferences');
    expect(eifSubStepLabel('non-class-benefits-preferences', 'STATUTORY')).toBe('Statutory benefits');
    expect(eifSubStepLabel('non-class-benefits-preferences', 'PFML_AND_STATUTORY')).toBe(
      'PFML & Statutory benefits',
    );
    expect(eifSubStepLabel('non-class-benefits-preferences')).toBe('PFML & Statutory benefits');
    expect(eifSubStepLabel('erisa')).toBe('ERISA');
  });

  it('accepts a known sub-step id from a route', () => {
    expect(parseEifSubStepId('fli-preferences')).toBe('fli-preferences');
    expect(isEifStepId('review-&-submit')).toBe(true);
    expect(isEifStepId('toString')).toBe(false);
  });

  it('an unknown sub-step fails an exhaustive check (onboarding §8)', () => {
    expect(() => parseEifSubStepId('pfml-preferences')).toThrow(UnknownEifSubStepError);
    expect(() => eifStepOf('nope' as never)).toThrow('Unknown EIF sub-step: nope');
    expect(() => assertNeverSubStep('x' as never)).toThrow(UnknownEifSubStepError);
  });
});
