import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every process of the PostgreSQL started from `dataDir`: the postmaster (from its pid file) and every
 * process it started, so a test can stop the whole server (SIGSTOP) and let it go on (SIGCONT).
 */
export function postgresProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // The parent pid is the 4th field, after `(comm)`, which may hold spaces.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Sends `signal` to each process; one that has ended since it was listed (ESRCH) is passed over. */
export function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
