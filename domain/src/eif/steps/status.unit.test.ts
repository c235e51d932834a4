import { describe, expect, it } from 'vitest';
import { eifStepStatus, eifSubStepStatus, hasAnswer, pfmlSectionStatus } from './status.ts';

describe('EIF step and sub-step status', () => {
  const questions = ['erisaPlanType', 'erisaPlanYearEnd'];

  it('given no answers, the sub-step is Not Started', () => {
    expect(eifSubStepStatus({ erisaPlanType: null, erisaPlanYearEnd: '  ' }, questions)).toBe('Not Started');
  });

  it('given some answers, the sub-step is In Progress', () => {
    expect(eifSubStepStatus({ erisaPlanType: 'WELFARE' }, questions)).toBe('In Progress');
  });

  it('given every answer, the sub-step is Completed; false and empty lists are told apart', () => {
    expect(eifSubStepStatus({ erisaPlanType: false, erisaPlanYearEnd: '12/31' }, questions)).toBe(
      'Completed',
    );
    expect(hasAnswer(0)).toBe(true);
    expect(hasAnswer([])).toBe(false);
    expect(hasAnswer(['x'])).toBe(true);
  });

  it('a step is Completed when all its sub-steps are, Not Started when none has begun, else In Progress', () => {
    expect(eifStepStatus(['Completed', 'Completed'])).toBe('Completed');
    expect(eifStepStatus(['Not Started', 'Not Started'])).toBe('Not Started');
    expect(eifStepStatus(['Completed', 'Not Started'])).toBe('In Progress');
    expect(eifStepStatus(['In Progress'])).toBe('In Progress');
    expect(eifStepStatus([])).toBe('Not Started');
  });

  it('PFML section is Completed once any plan has allowPFMLAndSTDConcurrently set (onboarding §4)', () => {
    expect(pfmlSectionStatus([{}, { allowPFMLAndSTDConcurrently: false }])).toBe('Completed');
    expect(pfmlSectionStatus([{ allowPFMLAndSTDConcurrently: true }])).toBe('Completed');
  });

  it('PFML section is otherwise Not Started', () => {
    expect(pfmlSectionStatus([])).toBe('Not Started');
    expect(pfmlSectionStatus([{ allowPFMLAndSTDConcurrently: null }, {}])).toBe('Not Started');
  });
});
