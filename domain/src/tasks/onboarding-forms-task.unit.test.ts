import { describe } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { onboardingFormsTaskStatus } from './onboarding-forms-task.ts';

describe('the onboarding-forms task follows the forms', () => {
  itAnswers(onboardingFormsTaskStatus, {
    'says nothing before a form is sent': [[[[]], null]],
    'is in progress while a form is being signed or held by a decline': [
      [[['sent']], 'In Progress'],
      [[['completed', 'declined']], 'In Progress'],
      [[['completed', 'sent', 'voided']], 'In Progress'],
    ],
    'is done once every form not voided is completed': [
      [[['completed']], 'Done'],
      [[['completed', 'voided', 'completed']], 'Done'],
    ],
    'is not started again when every form sent was voided': [[[['voided', 'voided']], 'Not Started']],
  });
});
