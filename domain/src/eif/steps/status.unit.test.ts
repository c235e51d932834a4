import { describe, expect, it } from 'vitest';
import { itAnswers } from '../../testing/examples.ts';
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

  itAnswers(eifStepStatus, {
    'a step is Completed when all its sub-steps are, Not Started when none has begun, else In Progress': [
      [[['Completed', 'Completed']], 'Completed'],
      [[['Not Started', 'Not Started']], 'Not Started'],
      [[['Completed', 'Not Started']], 'In Progress'],
      [[['In Progress']], 'In Progress'],
      [[[]], 'Not Started'],
    ],
  });

  itAnswers(pfmlSectionStatus, {
    'PFML section is Completed once any plan has allowPFMLAndSTDConcurrently set (onboarding §4)': [
      [[[{}, { allowPFMLAndSTDConcurrently: false }]], 'Completed'],
      [[[{ allowPFMLAndSTDConcurrently: true }]], 'Completed'],
    ],
    'PFML section is otherwise Not Started': [
      [[[]], 'Not Started'],
      [[[{ allowPFMLAndSTDConcurrently: null }, {}]], 'Not Started'],
    ],
  });
});
