import { describe, expect, it } from 'vitest';
import { API_JOB_STATUSES } from '@onboard/events/bus/port';
import {
  PUSH_POLL_INTERVAL_MS,
  addPushEntry,
  applyPolledJobs,
  applyPushStatus,
  loadingClientIds,
  mockProgress,
  overlayStateFor,
  removePushEntry,
  type PushEntry,
} from './push-status.ts';

describe('overlay state per job status (spec platform §4)', () => {
  it('maps every status', () => {
    expect(Object.fromEntries(API_JOB_STATUSES.map((s) => [s, overlayStateFor(s)]))).toEqual({
      IN_PROGRESS: 'loading',
      NOT_APPLICABLE: 'success',
      COMPLETED: 'success',
      COMPLETED_WITH_WARNINGS: 'warning',
      COMPLETED_WITH_ERRORS: 'error',
      TIMEOUT: 'error',
    });
  });
});

describe('applyPushStatus', () => {
  it('adds a client, then finishes it', () => {
    const started = applyPushStatus([], { clientId: 'c1', apiJobStatus: 'IN_PROGRESS' }, 1000);
    expect(started).toEqual([{ clientId: 'c1', state: 'loading', startedAt: 1000 }]);
    const done = applyPushStatus(started, { clientId: 'c1', apiJobStatus: 'COMPLETED_WITH_ERRORS' }, 5000);
    expect(done).toEqual([{ clientId: 'c1', state: 'error', startedAt: 1000 }]);
  });

  it('keeps the running progress on a repeated IN_PROGRESS (at-least-once delivery)', () => {
    const entries: PushEntry[] = [{ clientId: 'c1', state: 'loading', startedAt: 1000 }];
    expect(applyPushStatus(entries, { clientId: 'c1', apiJobStatus: 'IN_PROGRESS' }, 9000)).toEqual(entries);
  });

  it('resets a finished client to loading when a new push starts', () => {
    const entries: PushEntry[] = [
      { clientId: 'c1', state: 'success', startedAt: 1000 },
      { clientId: 'c2', state: 'loading', startedAt: 2000 },
    ];
    expect(applyPushStatus(entries, { clientId: 'c1', apiJobStatus: 'IN_PROGRESS' }, 9000)).toEqual([
      { clientId: 'c1', state: 'loading', startedAt: 9000 },
      { clientId: 'c2', state: 'loading', startedAt: 2000 },
    ]);
  });

  it('re-adding a listed client resets it to loading; removing drops it', () => {
    const entries: PushEntry[] = [{ clientId: 'c1', state: 'warning', startedAt: 1000 }];
    expect(addPushEntry(entries, 'c1', 7000)).toEqual([
      { clientId: 'c1', state: 'loading', startedAt: 7000 },
    ]);
    expect(removePushEntry(entries, 'c1')).toEqual([]);
    expect(removePushEntry(entries, 'other')).toEqual(entries);
  });
});

describe('mockProgress (spec platform §9: 2 points per second up to 99, then 100)', () => {
  const loading: PushEntry = { clientId: 'c1', state: 'loading', startedAt: 10_000 };

  it('advances 2 points per whole second', () => {
    expect([0, 999, 1000, 1999, 2000, 10_500].map((ms) => mockProgress(loading, 10_000 + ms))).toEqual([
      0, 0, 2, 2, 4, 20,
    ]);
  });

  it('stops at 99 while loading, never below 0', () => {
    expect(mockProgress(loading, 10_000 + 49_000)).toBe(98);
    expect(mockProgress(loading, 10_000 + 50_000)).toBe(99);
    expect(mockProgress(loading, 10_000 + 3_600_000)).toBe(99);
    expect(mockProgress(loading, 0)).toBe(0);
  });

  it('shows 100 once finished, whatever the outcome', () => {
    for (const state of ['success', 'warning', 'error'] as const)
      expect(mockProgress({ ...loading, state }, 10_001)).toBe(100);
  });
});

describe('polling /api/api-jobs (spec platform §4)', () => {
  const entries: PushEntry[] = [
    { clientId: 'c1', state: 'loading', startedAt: 1000 },
    { clientId: 'c2', state: 'loading', startedAt: 2000 },
    { clientId: 'c3', state: 'success', startedAt: 500 },
  ];

  it('polls only for the loading clients', () => {
    expect(loadingClientIds(entries)).toEqual(['c1', 'c2']);
    expect(PUSH_POLL_INTERVAL_MS).toBe(60_000);
  });

  it('finishes loading entries whose job ended and reports them for a refresh', () => {
    const result = applyPolledJobs(
      entries,
      [
        { clientId: 'c1', status: 'TIMEOUT' },
        { clientId: 'c2', status: 'IN_PROGRESS' },
        { clientId: 'c3', status: 'COMPLETED_WITH_ERRORS' },
        { clientId: 'unlisted', status: 'COMPLETED' },
      ],
      9000,
    );
    expect(result.finished).toEqual(['c1']);
    expect(result.entries).toEqual([
      { clientId: 'c1', state: 'error', startedAt: 1000 },
      { clientId: 'c2', state: 'loading', startedAt: 2000 },
      { clientId: 'c3', state: 'success', startedAt: 500 },
    ]);
  });

  it('stops polling once nothing is loading', () => {
    const { entries: done } = applyPolledJobs(
      entries,
      [
        { clientId: 'c1', status: 'COMPLETED' },
        { clientId: 'c2', status: 'COMPLETED_WITH_WARNINGS' },
      ],
      9000,
    );
    expect(loadingClientIds(done)).toEqual([]);
  });
});
