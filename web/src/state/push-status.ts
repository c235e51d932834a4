import type { API_JOB_STATUSES } from '@onboard/events/bus/port';

/** The plan-system push overlay (spec platform §4), as pure state so it is unit-tested. */
export type ApiJobStatus = (typeof API_JOB_STATUSES)[number];

export type OverlayState = 'loading' | 'success' | 'warning' | 'error';

export type PushEntry = {
  clientId: string;
  state: OverlayState;
  /** When the current loading run began (ms); the mock progress counts from here. */
  startedAt: number;
};

export function overlayStateFor(status: ApiJobStatus): OverlayState {
  switch (status) {
    case 'IN_PROGRESS':
      return 'loading';
    case 'NOT_APPLICABLE':
    case 'COMPLETED':
      return 'success';
    case 'COMPLETED_WITH_WARNINGS':
      return 'warning';
    case 'COMPLETED_WITH_ERRORS':
    case 'TIMEOUT':
      return 'error';
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown job status ${String(unreachable)}`);
    }
  }
}

/**
 * Applies one push-status message. A client already listed and finished is reset to loading when a new
 * push starts; a repeated IN_PROGRESS (at-least-once delivery) keeps the running progress.
 */
export function applyPushStatus(
  entries: readonly PushEntry[],
  update: { clientId: string; apiJobStatus: ApiJobStatus },
  now: number,
): PushEntry[] {
  const state = overlayStateFor(update.apiJobStatus);
  const existing = entries.find((e) => e.clientId === update.clientId);
  if (!existing) return [...entries, { clientId: update.clientId, state, startedAt: now }];
  return entries.map((e) => {
    if (e.clientId !== update.clientId) return e;
    if (state === 'loading') return e.state === 'loading' ? e : { ...e, state, startedAt: now };
    return { ...e, state };
  });
}

/** Adding a client (a push the user started) always restarts it at loading. */
export function addPushEntry(entries: readonly PushEntry[], clientId: string, now: number): PushEntry[] {
  return [...entries.filter((e) => e.clientId !== clientId), { clientId, state: 'loading', startedAt: now }];
}

export function removePushEntry(entries: readonly PushEntry[], clientId: string): PushEntry[] {
  return entries.filter((e) => e.clientId !== clientId);
}

const PROGRESS_POINTS_PER_SECOND = 2;
const PROGRESS_CEILING = 99;

/** Mock progress (spec platform §9): 2 points per second up to 99 while loading, 100 once finished. */
export function mockProgress(entry: PushEntry, now: number): number {
  if (entry.state !== 'loading') return 100;
  const seconds = Math.max(0, Math.floor((now - entry.startedAt) / 1000));
  return Math.min(PROGRESS_CEILING, seconds * PROGRESS_POINTS_PER_SECOND);
}

/** Spec platform §4: while any push is loading, /api/api-jobs is polled every 60 seconds. */
export const PUSH_POLL_INTERVAL_MS = 60_000;

export const loadingClientIds = (entries: readonly PushEntry[]): string[] =>
  entries.filter((e) => e.state === 'loading').map((e) => e.clientId);

/** A client's latest job, as a poll of GET /api/api-jobs answers it. */
export type PolledJob = { clientId: string; status: ApiJobStatus };

/**
 * Applies a poll answer to the entries that are still loading (a finished entry is left alone: a poll
 * that raced a newer push must not overwrite it). Returns the clients whose push finished, which the
 * caller refreshes (spec platform §4: a status that is not in progress refreshes the client).
 */
export function applyPolledJobs(
  entries: readonly PushEntry[],
  jobs: readonly PolledJob[],
  now: number,
): { entries: PushEntry[]; finished: string[] } {
  let next = [...entries];
  const finished: string[] = [];
  for (const job of jobs) {
    const entry = next.find((e) => e.clientId === job.clientId);
    if (!entry || entry.state !== 'loading' || job.status === 'IN_PROGRESS') continue;
    next = applyPushStatus(next, { clientId: job.clientId, apiJobStatus: job.status }, now);
    finished.push(job.clientId);
  }
  return { entries: next, finished };
}
