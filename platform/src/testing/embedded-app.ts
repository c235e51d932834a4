import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, untilRunning, type ServerProcess } from './server-process.ts';

// `npm run dev` / `npm start` in the embedded default, as a child process: the app owns its PostgreSQL
// under a data folder (platform/src/main.ts).
export type StartedApp = ServerProcess;

async function startEmbeddedApp(dataDir: string): Promise<StartedApp> {
  const app = await spawnServer(['--import', 'tsx', 'platform/src/main.ts'], () => ({
    ONBOARD_DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
  }));
  await untilRunning(app, 90_000);
  return app;
}

export const postmasterPid = (dataDir: string) =>
  existsSync(join(dataDir, 'postmaster.pid'))
    ? Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    : null;

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

type Stat = { pid: number; ppid: number; startedAt: string };

/** A process's parent and start time (Linux: from /proc), or null when it is gone. */
function statOf(pid: number): Stat | null {
  try {
    // The fields after the command, which is in parentheses and may hold spaces: state, parent, ... and
    // the start time 19 fields after the state.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null;
    return { pid, ppid: Number(fields[1]), startedAt: fields[19]! };
  } catch {
    return null;
  }
}

export type ProcessId = { pid: number; startedAt: string; command: string };

/** Every process under `pid` (Linux: from /proc; elsewhere none), named by pid and start time. */
export function descendantsOf(pid: number): ProcessId[] {
  if (!existsSync('/proc/self')) return [];
  const children = new Map<number, Stat[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  }
  const found: ProcessId[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      let command = '';
      try {
        command = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      } catch {
        // Gone meanwhile.
      }
      found.push({ pid: child.pid, startedAt: child.startedAt, command });
      walk(child.pid);
    }
  };
  walk(pid);
  return found;
}

/** Whether that very process still runs (not another one that has since been given its pid). */
export const isStillRunning = (process: ProcessId) => statOf(process.pid)?.startedAt === process.startedAt;

/**
 * A data folder for apps started in the embedded default, and what cleans up after them: every child still
 * running is stopped with `signal`, a PostgreSQL left on the folder is told to quit, the folder goes.
 */
export function embeddedDataFolder(prefix: string, signal: NodeJS.Signals) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'pg');
  const children: ChildProcess[] = [];
  return {
    dataDir,
    /** Starts an app on the folder; it is stopped at clean-up if still running. */
    async start(): Promise<StartedApp> {
      const app = await startEmbeddedApp(dataDir);
      children.push(app.child);
      return app;
    },
    async cleanUp() {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) {
          child.kill(signal);
          await once(child, 'exit');
        }
      const pid = postmasterPid(dataDir);
      if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
