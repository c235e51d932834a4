import { describe, expect, it } from 'vitest';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { pushJobDecider, type PushJobCommand } from './push-job.ts';
import { staff } from '../testing/actors.ts';

const at = '2026-11-28T10:00:00.000Z';
const given = givenWhenThen(pushJobDecider);
const request: PushJobCommand = {
  type: 'RequestPlanDesignPush',
  data: { apiJobId: 'job-1', clientId: 'c-1' },
  metadata: { at, by: staff },
};
const requested = [
  {
    type: 'PlanDesignPushRequested' as const,
    data: { apiJobId: 'job-1', clientId: 'c-1', requestedBy: staff },
  },
  {
    type: 'ApiJobStatusChanged' as const,
    data: { apiJobId: 'job-1', clientId: 'c-1', apiJobStatus: 'IN_PROGRESS' as const, reasons: [] },
  },
];
const finish = (apiJobStatus: 'COMPLETED' | 'TIMEOUT' | 'IN_PROGRESS'): PushJobCommand => ({
  type: 'FinishPlanDesignPush',
  data: {
    apiJobId: 'job-1',
    clientId: 'c-1',
    apiJobStatus,
    reasons: apiJobStatus === 'TIMEOUT' ? ['down'] : [],
  },
  metadata: { at, by: { userId: 'system:qps-push', role: 'SYSTEM' } },
});

describe('a push of the plan design to the plan system', () => {
  it('opens with its request and IN_PROGRESS in one write, once', () => {
    expect(eventsOf(given().when(request))).toEqual(requested);
    expect(refusalOf(given(...requested).when(request)).code).toBe('ALREADY_EXISTS');
  });

  it('ends with one final status', () => {
    const [done] = eventsOf(given(...requested).when(finish('TIMEOUT')));
    expect(done).toEqual({
      type: 'ApiJobStatusChanged',
      data: { apiJobId: 'job-1', clientId: 'c-1', apiJobStatus: 'TIMEOUT', reasons: ['down'] },
    });
    expect(refusalOf(given(...requested, done!).when(finish('COMPLETED'))).code).toBe('FINISHED');
    expect(refusalOf(given(...requested).when(finish('IN_PROGRESS'))).code).toBe('NOT_FINAL');
  });
});
