import type pg from 'pg';
import { partitionLeasesFor } from './partition-leases.ts';

export type ScheduledJob = {
  /** Runs the job now if this process holds its lease; true when it ran. */
  runNow: () => Promise<boolean>;
  isActive: () => boolean;
  stop: () => Promise<void>;
};

/**
 * A job run every `intervalMs` by one process at a time, by the leases the projections' runners use
 * (partition-leases.ts): the job is a runner of one partition, run by the process holding its lease; the
 * others take the lease over once the holder stops renewing it. The job's name counts among the runners
 * the processes share out. Runs never overlap within a process; a failed run is reported and the next
 * tick tries again, so the job itself must be safe to run twice (what it sends is named once).
 */
export function startScheduledJob(options: {
  pool: pg.Pool;
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
}): ScheduledJob {
  let held = false;
  let stopped = false;
  let running: Promise<boolean> | null = null;

  const pass = async (): Promise<boolean> => {
    if (!held || stopped) return false;
    await options.run();
    return true;
  };
  const runNow = () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => void runNow().catch(options.onError);
  const leave = partitionLeasesFor(options.pool).join(options.name, 1, async (partitions) => {
    // A lease handed over waits for the run in flight; a lease taken runs the job at once.
    const wasHeld = held;
    held = partitions.has(0);
    if (!held) await running?.catch(() => undefined);
    else if (!wasHeld) tick();
  });
  const timer = setInterval(tick, options.intervalMs);
  return {
    runNow,
    isActive: () => held,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      await leave();
      held = false;
    },
  };
}
