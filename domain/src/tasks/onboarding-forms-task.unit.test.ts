import { describe, expect, it } from 'vitest';
import { onboardingFormsTaskStatus } from './onboarding-forms-task.ts';

describe('the onboarding-forms task follows the forms', () => {
  it('says nothing before a form is sent', () => {
    expect(onboardingFormsTaskStatus([])).toBeNull();
  });
  it('is in progress while a form is being signed or held by a decline', () => {
    expect(onboardingFormsTaskStatus(['sent'])).toBe('In Progress');
    expect(onboardingFormsTaskStatus(['completed', 'declined'])).toBe('In Progress');
    expect(onboardingFormsTaskStatus(['completed', 'sent', 'voided'])).toBe('In Progress');
  });
  it('is done once every form not voided is completed', () => {
    expect(onboardingFormsTaskStatus(['completed'])).toBe('Done');
    expect(onboardingFormsTaskStatus(['completed', 'voided', 'completed'])).toBe('Done');
  });
  it('is not started again when every form sent was voided', () => {
    expect(onboardingFormsTaskStatus(['voided', 'voided'])).toBe('Not Started');
  });
});
