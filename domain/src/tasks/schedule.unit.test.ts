import { describe, expect, it } from 'vitest';
import { defaultTaskDueDates } from './schedule.ts';

describe('the first due dates of a new onboarding', () => {
  it('dates the carrier-led work from creation and the enrollment work from the first effective date', () => {
    const dates = defaultTaskDueDates('2026-11-24T15:00:00.000Z', '2027-03-01');
    expect(dates['kickoff-call']).toBe('2026-12-01');
    expect(dates['eif-submit-company-information']).toBe('2026-12-15');
    expect(dates['prior-carrier-bills']).toBe('2027-01-15');
    expect(dates['enrollment-elections']).toBe('2027-01-30');
    expect(dates['ongoing-service-call']).toBe('2027-03-31');
  });

  it('takes 90 days after creation when no policy has an effective date', () => {
    expect(defaultTaskDueDates('2026-11-24T15:00:00.000Z', null)['enrollment-elections']).toBe('2027-01-23');
  });

  it('never dates a task before the day after creation', () => {
    const dates = defaultTaskDueDates('2026-11-24T15:00:00.000Z', '2026-12-01');
    expect(dates['prior-carrier-bills']).toBe('2026-11-25');
  });
});
