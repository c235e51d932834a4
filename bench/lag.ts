// Append-to-read-model lag for `npm run bench`: commands through the HTTP API at a steady 200 a second
// (BENCH_LAG_RATE to measure another rate), each timed from its answer until the client-view row shows
// its version. The clients and the poller run on a thread of their own (lag-clients.ts); the app's thread
// reports its event-loop load, its time on and waiting for a core, and the CPU of Node and PostgreSQL.
// BENCH_LAG_PROFILE=file writes a CPU profile of the app's thread over the measured seconds;
// BENCH_LAG_STATEMENTS=1 lists the statements the app sent, each with how many times.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import pg from 'pg';
import { eifStream, type NewEvent } from '@onboard/events';
import type { RunningApp } from '@onboard/platform/app';
import type { apiClient } from '@onboard/platform/testing/http-client';
import type { Report } from './eif.ts';
import type { LagClientsInput, LagClientsResult } from './lag-clients.ts';
import { printedReport, runStandalone } from './standalone.ts';
import { pct } from './load.ts';
import { signedInBenchClient, startBenchApp } from './app.ts';

const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);
const LAG_RATE = Number(process.env.BENCH_LAG_RATE ?? 200);

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const created = (clientId: string): NewEvent => ({
  id: randomUUID(),
  type: 'EifEntityCreated',
  data: { clientId, entity: 'Client', entityId: clientId, attributes: { name: clientId, taxId: null } },
  metadata: {
    actorId: 'bench',
    actorRole: 'SLF_ADMIN',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
  },
});

/**
 * CPU time so far of this bench's PostgreSQL (Linux): its postmaster, the one listening on the app's
 * database, and every process it started (backends, WAL writer, checkpointer); other PostgreSQL servers on
 * the machine are not counted. A backend that ended meanwhile is lost with its time, so the bench's
 * connections stay open over the measured seconds.
 */
function postgresCpuMs(postmaster: number | null) {
  if (postmaster === null || !existsSync('/proc')) return 0;
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) !== postmaster && Number(fields[1]) !== postmaster) continue;
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** The postmaster's pid: the parent of the backend serving this pool's connection. */
async function postmasterOf(pool: pg.Pool) {
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  try {
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * Counts the statements this thread sends to PostgreSQL until the returned function is called (which
 * prints each statement's count with BENCH_LAG_STATEMENTS).
 */
function countStatements() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  const texts = new Map<string, number>();
  proto.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    if (process.env.BENCH_LAG_STATEMENTS) {
      const query = args[0] as string | { text?: string; name?: string };
      const text = typeof query === 'string' ? query : (query.text ?? query.name ?? '?');
      // A simple query of several statements (a projection batch) is listed by what each one starts with.
      const key = text
        .split(';\n')
        .map((part) =>
          part
            .replace(/\s+/g, ' ')
            .replace(/'[^']*'/g, "'…'")
            .trim()
            .slice(0, 140 / (text.includes(';\n') ? 2 : 1)),
        )
        .join(' ‖ ');
      texts.set(key, (texts.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  return () => {
    proto.query = original;
    for (const [text, n] of [...texts].sort((a, b) => b[1] - a[1])) console.log(`      ${n} × ${text}`);
    return count;
  };
}

/** The app thread's time on a core and time waiting for one (Linux schedstat, nanoseconds). */
function mainThreadSchedule() {
  const file = `/proc/self/task/${process.pid}/schedstat`;
  if (!existsSync(file)) return { onCpu: 0, waiting: 0 };
  const [onCpu, waiting] = readFileSync(file, 'utf8').trim().split(' ').map(Number);
  return { onCpu: onCpu ?? 0, waiting: waiting ?? 0 };
}

/** A CPU profile of this thread (the app's), from now until the returned function is called. */
async function startProfile() {
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    session.disconnect();
    return profile;
  };
}

export type LagAfter = (
  app: RunningApp,
  api: ReturnType<typeof apiClient>,
  clients: readonly string[],
) => Promise<void>;

export async function benchLag(databaseUrl: string, report: Report, after?: LagAfter) {
  // The demo users are seeded for the sign-in; the lag clients are counted on their own.
  const app = await startBenchApp(databaseUrl);
  const clients = Array.from({ length: 50 }, (_, i) => `lag-${i}`);
  for (const clientId of clients)
    await app.store.append(eifStream(clientId), [created(clientId)], 'no_stream');
  const { api, cookie, csrf } = await signedInBenchClient(app, 'admin@onboard.example');
  // Wait until the projection has the clients.
  for (;;) {
    const { rows } = await app.pool.query(
      `select count(*)::int as n from rm_clients where client_id like 'lag-%'`,
    );
    if (rows[0].n === clients.length) break;
    await new Promise((r) => setTimeout(r, 20));
  }

  const input: LagClientsInput = {
    url: app.url,
    cookie,
    csrf,
    databaseUrl,
    clients,
    rate: LAG_RATE,
    seconds: LAG_SECONDS,
  };
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const utilisation = performance.eventLoopUtilization();
  const postmaster = await postmasterOf(app.pool);
  const cpu = process.cpuUsage();
  const pgCpu = postgresCpuMs(postmaster);
  const statements = countStatements();
  const schedule = mainThreadSchedule();
  const profile = process.env.BENCH_LAG_PROFILE ? await startProfile() : null;
  // The clients run in a process of their own (TypeScript through tsx, as the bench), so this process's
  // CPU is the server's alone.
  const clientsProcess = fork(new URL('./lag-clients.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  clientsProcess.send(input);
  const outcome = await new Promise<{ result?: LagClientsResult; error?: string }>((resolve, reject) => {
    clientsProcess.once('message', (message) =>
      resolve(message as { result?: LagClientsResult; error?: string }),
    );
    clientsProcess.once('error', reject);
    // A clients process that dies without its answer (an uncaught error) ends the run instead of hanging it.
    clientsProcess.once('exit', (code) => resolve({ error: `the process exited with code ${code}` }));
  });
  clientsProcess.kill();
  delay.disable();
  const used = process.cpuUsage(cpu);
  const pgUsed = postgresCpuMs(postmaster) - pgCpu;
  const sentStatements = statements();
  const scheduled = mainThreadSchedule();
  if (profile) writeFileSync(process.env.BENCH_LAG_PROFILE!, JSON.stringify(await profile()));
  const loop = performance.eventLoopUtilization(utilisation);
  if (!outcome.result) throw new Error(`the lag clients failed: ${outcome.error}`);
  const { lags, sent, warmUp, sentMs, errors, polls } = outcome.result;
  await after?.(app, api, clients);
  await app.stop();
  lags.sort((a, b) => a - b);
  const p50 = pct(lags, 50);
  const p99 = pct(lags, 99);
  console.log(
    `      ${sent} commands (after ${warmUp} warm-up) over ${(sentMs / 1000).toFixed(1)} s (${fmt(((sent + warmUp) * 1000) / sentMs)}/s), ${errors} conflicts or errors; ${fmt(polls)} reads of the client view`,
  );
  console.log(
    `      app thread: event loop ${(loop.utilization * 100).toFixed(0)} % busy (${fmt((scheduled.onCpu - schedule.onCpu) / 1e6)} ms on a core, ${fmt((scheduled.waiting - schedule.waiting) / 1e6)} ms waiting for one), delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms; CPU: this process ${fmt((used.user + used.system) / 1000)} ms, PostgreSQL ${fmt(pgUsed)} ms, over ${(sentMs / 1000).toFixed(1)} s`,
  );
  // What one command costs, where the cores went: the app's thread (the HTTP handler, the command, the
  // projections), the app's process (with Node's helper threads: GC, compiler) and PostgreSQL.
  const commands = sent + warmUp;
  const perCommand = (ms: number) => (ms / commands).toFixed(2);
  console.log(
    `      CPU per command: app thread ${perCommand((scheduled.onCpu - schedule.onCpu) / 1e6)} ms, app process ${perCommand((used.user + used.system) / 1000)} ms (user ${perCommand(used.user / 1000)}, system ${perCommand(used.system / 1000)}), PostgreSQL ${perCommand(pgUsed)} ms; ${perCommand(sentStatements)} statements per command`,
  );
  report('append-to-read-model lag p50', `${p50.toFixed(1)} ms`, null, '< 15 ms', p50 < 15);
  report('append-to-read-model lag p99', `${p99.toFixed(1)} ms`, null, '< 50 ms', p99 < 50);
  return { p50, p99 };
}

runStandalone(import.meta.url, 'bench_lag', async (url) => {
  const report = printedReport();
  await benchLag(url, report);
});
