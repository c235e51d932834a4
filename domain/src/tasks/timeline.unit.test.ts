import { describe, expect, it } from 'vitest';
import { onboardingTimeline, policyLabel, type TimelineInput, type TimelineTask } from './timeline.ts';

const task = (taskId: string, overrides: Partial<TimelineTask> = {}): TimelineTask => ({
  taskId,
  policyId: null,
  status: 'Not Started',
  dueDate: null,
  doneAt: null,
  reason: null,
  ...overrides,
});

const dental = {
  id: 'p-dental',
  slfPolicyNumber: '4471',
  slfCoverages: ['Dental', 'Vision'],
  policyEffective: '2027-01-01',
};
const life = { id: 'p-life', slfPolicyNumber: '4472', slfCoverages: ['Life'], policyEffective: null };

const base: TimelineInput = {
  tasks: [],
  policies: [dental],
  eifSignedAt: null,
  pushes: [],
  today: '2026-11-24',
};

const phase = (input: TimelineInput, policy: number, id: string) =>
  onboardingTimeline(input)[policy]!.phases.find((p) => p.id === id)!;

describe('onboarding timeline', () => {
  it('names each policy by its number and coverages', () => {
    expect(policyLabel(dental)).toBe('Policy 4471 · Dental, Vision');
    expect(onboardingTimeline({ ...base, policies: [dental, life] }).map((t) => t.label)).toEqual([
      'Policy 4471 · Dental, Vision',
      'Policy 4472 · Life',
    ]);
  });

  it('with nothing done: estimates from the effective date, the first phase is current', () => {
    const [timeline] = onboardingTimeline(base);
    expect(timeline!.phases.map((p) => [p.label, p.estimated, p.actual, p.state])).toEqual([
      ['Kickoff', '2026-10-03', null, 'current'],
      ['Company information', '2026-11-02', null, 'upcoming'],
      ['Plan setup', '2026-11-17', null, 'upcoming'],
      ['Enrollment', '2026-12-18', null, 'upcoming'],
      ['Go-live', '2027-01-01', null, 'upcoming'],
    ]);
    expect(timeline!.phases.map((p) => p.isLate)).toEqual([true, true, true, false, false]);
  });

  it('estimates a phase by the latest due date of its tasks, for this policy and the client', () => {
    const input = {
      ...base,
      policies: [dental, life],
      tasks: [
        task('enrollment-resources', { dueDate: '2026-12-01' }),
        task('enrollment-elections', { policyId: 'p-dental', dueDate: '2026-12-10' }),
        task('enrollment-elections', { policyId: 'p-life', dueDate: '2026-12-20' }),
      ],
    };
    expect(phase(input, 0, 'enrollment').estimated).toBe('2026-12-10');
    expect(phase(input, 1, 'enrollment').estimated).toBe('2026-12-20');
    // No effective date and no due date: nothing says when.
    expect(phase(input, 1, 'kickoff').estimated).toBeNull();
  });

  it('never guesses a phase before the one it follows, nor go-live before the work it waits for', () => {
    // Taken on a month before the effective date: the plan tasks fall due after the enrollment lead.
    const input = {
      ...base,
      tasks: [
        task('onboarding-forms', { dueDate: '2026-12-28' }),
        task('connect-service', { policyId: 'p-dental', dueDate: '2027-01-05' }),
      ],
    };
    const [timeline] = onboardingTimeline(input);
    expect(timeline!.phases.map((p) => [p.label, p.estimated])).toEqual([
      ['Kickoff', '2026-10-03'],
      ['Company information', '2026-11-02'],
      ['Plan setup', '2027-01-05'],
      ['Enrollment', '2027-01-05'],
      // Effective Jan 1, but plan work is due Jan 5: go-live is expected after it (the hub says so).
      ['Go-live', '2027-01-05'],
    ]);
    // A phase's own due date is not moved: its overdue tasks show it late, whatever the phase before.
    const overdue = {
      ...base,
      tasks: [
        task('kickoff-call', { dueDate: '2026-11-30' }),
        task('company-profile', { dueDate: '2026-11-20' }),
      ],
    };
    expect(phase(overdue, 0, 'company-information')).toMatchObject({ estimated: '2026-11-20', isLate: true });
  });

  it('reaches phases by when their tasks were done, the EIF by its signature, plan setup by a push', () => {
    const input: TimelineInput = {
      ...base,
      tasks: [
        task('kickoff-call', { status: 'Done', doneAt: '2026-10-01T15:00:00.000Z' }),
        task('eif-submit-company-information'),
        task('company-profile', { status: 'Done', doneAt: '2026-10-20T09:00:00.000Z' }),
        task('onboarding-forms', { status: 'Done', doneAt: '2026-11-02T09:00:00.000Z' }),
        task('prior-carrier-bills', { policyId: 'p-dental', status: 'Voided' }),
        task('dental-rollover', { policyId: 'p-dental', status: 'Done', doneAt: '2026-11-05T09:00:00.000Z' }),
        task('enrollment-elections', { policyId: 'p-dental', status: 'In Review' }),
      ],
      eifSignedAt: '2026-10-28T12:00:00.000Z',
      pushes: [
        {
          id: 'j1',
          status: 'COMPLETED_WITH_ERRORS',
          requestedAt: '2026-11-03T10:00:00.000Z',
          updatedAt: '2026-11-03T10:01:00.000Z',
        },
        {
          id: 'j2',
          status: 'COMPLETED',
          requestedAt: '2026-11-06T10:00:00.000Z',
          updatedAt: '2026-11-06T10:01:00.000Z',
        },
      ],
    };
    const [timeline] = onboardingTimeline(input);
    expect(timeline!.phases.map((p) => [p.id, p.actual, p.state, p.done, p.total])).toEqual([
      ['kickoff', '2026-10-01T15:00:00.000Z', 'done', 1, 1],
      ['company-information', '2026-10-28T12:00:00.000Z', 'done', 2, 2],
      ['plan-setup', '2026-11-06T10:01:00.000Z', 'done', 2, 2],
      ['enrollment', null, 'current', 0, 1],
      ['go-live', null, 'upcoming', 0, 0],
    ]);
    expect(timeline!.pushes).toEqual([
      { id: 'j1', at: '2026-11-03T10:01:00.000Z', label: 'Push failed with errors', tone: 'error' },
      { id: 'j2', at: '2026-11-06T10:01:00.000Z', label: 'Pushed to the plan system', tone: 'success' },
    ]);
  });

  it('keeps plan setup open until a push completes, and later phases wait for it', () => {
    const input: TimelineInput = {
      ...base,
      tasks: [
        task('kickoff-call', { status: 'Done', doneAt: '2026-10-01T15:00:00.000Z' }),
        task('enrollment-resources', { status: 'Done', doneAt: '2026-11-01T15:00:00.000Z' }),
      ],
      eifSignedAt: '2026-10-28T12:00:00.000Z',
    };
    expect(phase(input, 0, 'plan-setup')).toMatchObject({ actual: null, state: 'current' });
    expect(phase(input, 0, 'enrollment')).toMatchObject({ actual: null, state: 'upcoming' });
  });

  it('goes live on the effective date once it has come and everything before is reached', () => {
    const input: TimelineInput = {
      ...base,
      today: '2027-01-02',
      tasks: [
        task('kickoff-call', { status: 'Done', doneAt: '2026-10-01T15:00:00.000Z' }),
        task('ongoing-service-call', { status: 'Done', doneAt: '2026-12-20T15:00:00.000Z' }),
      ],
      eifSignedAt: '2026-10-28T12:00:00.000Z',
      pushes: [
        {
          id: 'j',
          status: 'NOT_APPLICABLE',
          requestedAt: '2026-11-06T10:00:00.000Z',
          updatedAt: '2026-11-06T10:00:05.000Z',
        },
      ],
    };
    expect(phase(input, 0, 'go-live')).toMatchObject({ actual: '2027-01-01', state: 'done' });
    expect(phase({ ...input, today: '2026-12-31' }, 0, 'go-live')).toMatchObject({
      actual: null,
      state: 'current',
    });
  });

  it('lists the open NIGO items with their reasons: the policy’s own and the client’s', () => {
    const input: TimelineInput = {
      ...base,
      policies: [dental, life],
      tasks: [
        task('connect-service', { status: 'NIGO', reason: 'Name the data-feed contact' }),
        task('enrollment-elections', {
          policyId: 'p-life',
          status: 'NIGO',
          reason: 'The census has no salaries',
        }),
      ],
    };
    const [first, second] = onboardingTimeline(input);
    expect(first!.nigo).toEqual([
      {
        taskId: 'connect-service',
        policyId: null,
        title: 'Connect your benefits administration',
        reason: 'Name the data-feed contact',
      },
    ]);
    expect(second!.nigo.map((n) => n.title)).toEqual([
      'Connect your benefits administration',
      'Enrollment elections',
    ]);
  });

  it('shows one timeline of the client-level tasks when the client has no policy yet', () => {
    const timelines = onboardingTimeline({ ...base, policies: [] });
    expect(timelines).toHaveLength(1);
    expect(timelines[0]).toMatchObject({ policyId: null, label: 'Your onboarding', effectiveDate: null });
  });
});
