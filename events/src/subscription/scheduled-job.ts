import type pg from 'pg';
import { lockSessionFor } from './checkpointed-runner.ts';

export type ScheduledJob = {
  /** Runs the job now if this process holds its lock (taking it if free); true when it ran. */
  runNow: () => Promise<boolean>;
  isActive: () => boolean;
  stop: () => Promise<void>;
};

/**
 * A job run every `intervalMs` by one process at a time, by the lock the projections' runners use
 * (lockSessionFor): the process holding the job's session advisory lock runs it, the others try the lock
 * at each tick and take over once the holder's connection is gone. The job's name counts among the
 * runners the processes share out. Runs never overlap within a process; a failed run is reported and
 * the next tick tries again, so the job itself must be safe to run twice (what it sends is named once).
 */
export function startScheduledJob(options: {
  pool: pg.Pool;
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
}): ScheduledJob {
  const locks = lockSessionFor(options.pool);
  let registered = false;
  let held = false;
  let stopped = false;
  let running: Promise<boolean> | null = null;

  const onLost = () => {
    held = false;
  };
  const pass = async (): Promise<boolean> => {
    if (stopped) return false;
    if (!registered) {
      await locks.register(options.name);
      registered = true;
    }
    if (!held) held = await locks.tryLock(options.name, onLost);
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
  const timer = setInterval(tick, options.intervalMs);
  tick();
  return {
    runNow,
    isActive: () => held,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      if (held) await locks.unlock(options.name);
      held = false;
      if (registered) await locks.unregister(options.name);
      registered = false;
    },
  };
}
