import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { skipUnless, topologyAvailability } from '@onboard/testing/backends';

// The distributed topology as separate processes, without Docker (scripts/topology/start.sh): PostgreSQL,
// Kafka, command-api ×2, projections ×2, workers, query-api ×2 from one build, behind nginx configured from
// deploy/nginx.conf. Everything below goes through the edge, or to one replica on purpose.
const ROOT = resolve(import.meta.dirname, '..');
const DIR = resolve(ROOT, '.tmp/topology/ci');
const run = promisify(execFile);
const skip = skipUnless('the distributed topology', topologyAvailability(`${ROOT}/scripts/kafka/target/lib`));

type Api = ReturnType<typeof apiClient>;
type State = Record<string, string>;
type SseEvent = { id: string; event: string; data: { clientId?: string; apiJobStatus?: string } };
const base = `/api/clients/${DEMO_CLIENT_ID}`;

/** Only what the processes need: the test runner's own variables stay out of them. */
function scriptEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: `${process.env.PATH}:/usr/sbin:/sbin`,
    HOME: process.env.HOME,
    TOPOLOGY_DIR: DIR,
    TOPOLOGY_OWNER_PID: String(process.pid),
    TOPOLOGY_KAFKA: 'own',
    LOG_LEVEL: 'warn',
    QPS_SIMULATOR_DELAY_MS: '300',
    ...extra,
  };
}

async function script(name: string, args: string[] = [], extra: Record<string, string> = {}) {
  try {
    return await run('bash', [`${ROOT}/scripts/${name}`, ...args], {
      cwd: ROOT,
      env: scriptEnv(extra),
      timeout: 240_000,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${name} ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error });
  }
}

const readState = (): State =>
  Object.fromEntries(
    readFileSync(`${DIR}/state.env`, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

const pidOf = (app: string) => Number(readFileSync(`${DIR}/pids/${app}.pid`, 'utf8').trim());
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A client for one replica, holding the session the edge client signed in with. */
function replica(signedIn: Api, port: string): Api {
  const direct = apiClient(`http://127.0.0.1:${port}`);
  for (const [name, value] of signedIn.cookies) direct.cookies.set(name, value);
  return direct;
}

const cookieOf = (api: Api) => [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** An SSE client that keeps every event until closed. */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const events: SseEvent[] = [];
  const response = await fetch(`${url}/api/events/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field('data');
          if (data !== undefined)
            events.push({ id: field('id')!, event: field('event')!, data: JSON.parse(data) });
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  // The gateway registers the client as the stream opens; give it a moment before anything is published.
  await new Promise((r) => setTimeout(r, 500));
  return {
    events,
    pushStatuses: () =>
      events.filter((e) => e.event === 'QPS_PUSH_STATUS' && e.data.clientId === DEMO_CLIENT_ID),
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

/** How many runner locks each process holds (pg_stat_activity names the process, from PGAPPNAME). */
async function runnerLocks(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ app: string; locks: number }>(
      `select a.application_name as app, count(*)::int as locks
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.classid = (hashtext('checkpointed-runner')::bigint & 4294967295)::oid
        group by 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.app, r.locks]));
  } finally {
    await client.end();
  }
}

describe.skipIf(skip)('the distributed topology, started by scripts/topology/start.sh', () => {
  let state: State;
  let edge: string;
  let admin: Api;
  let benAdmin: Api;
  const timings: string[] = [];

  beforeAll(async () => {
    await script('topology/stop.sh'); // whatever an interrupted run left
    const started = Date.now();
    await script('topology/start.sh');
    timings.push(`start: ${Date.now() - started} ms`);
    state = readState();
    edge = state.EDGE_URL!;
    admin = apiClient(edge);
    benAdmin = apiClient(edge);
  }, 300_000);

  afterAll(async () => {
    await script('topology/stop.sh');
    console.log(`[topology] ${timings.join('; ')}`);
  }, 120_000);

  /** Saves an answer through the edge and reads it back on both query replicas with minVersion. */
  async function saveAndReadBack(month: number) {
    const saved = await benAdmin.put(base, { policyAnniversaryMonth: month });
    expect(saved.status, saved.text).toBe(200);
    const savedAt = Date.now();
    for (const port of [state.PORT_QUERY_API_1!, state.PORT_QUERY_API_2!]) {
      const read = await replica(benAdmin, port).get(`${base}?view=editing&minVersion=${saved.body.version}`);
      expect(read.status).toBe(200);
      expect(read.body.version).toBeGreaterThanOrEqual(saved.body.version);
      expect(read.body.policyAnniversaryMonth).toBe(month);
    }
    timings.push(`save to visible on both replicas: ${Date.now() - savedAt} ms`);
    return saved.body.version as number;
  }

  it('signs in through the edge and serves the web app', async () => {
    expect((await admin.signIn('admin@onboard.example')).email).toBe('admin@onboard.example');
    expect((await benAdmin.signIn('benadmin@onboard.example')).email).toBe('benadmin@onboard.example');
    const page = await fetch(`${edge}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('reads a saved answer back on both query replicas (read-your-writes with minVersion)', async () => {
    await saveAndReadBack(7);
  });

  it('sends a push’s statuses to SSE clients on both query replicas and through the edge', async () => {
    const streams = await Promise.all(
      [`http://127.0.0.1:${state.PORT_QUERY_API_1}`, `http://127.0.0.1:${state.PORT_QUERY_API_2}`, edge].map(
        (url) => openStream(url, cookieOf(admin)),
      ),
    );
    const pushed = await admin.post(`${base}/qps/async-push`);
    expect(pushed.status, pushed.text).toBe(202);
    for (const stream of streams) {
      await eventually(async () => expect(stream.pushStatuses()).toHaveLength(2), 30_000);
      const [first, last] = stream.pushStatuses();
      expect(first!.data.apiJobStatus).toBe('IN_PROGRESS');
      expect(last!.data.apiJobStatus).not.toBe('IN_PROGRESS');
    }
    // The same two messages, the same ids, on both replicas (the edge's stream is one of them).
    const ids = streams.map((stream) => stream.pushStatuses().map((e) => e.id));
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    await Promise.all(streams.map((s) => s.close()));
  });

  it('a standby projections process takes over when the active one is killed', async () => {
    const before = await eventually(async () => {
      const locks = await runnerLocks(state.DATABASE_URL!);
      const held = Object.entries(locks).filter(([app]) => app.startsWith('onboard-projections-'));
      // Both replicas start at once; each projection ends up with one runner, on one or the other.
      expect(held.length).toBeGreaterThan(0);
      return held;
    });
    const total = before.reduce((sum, [, n]) => sum + n, 0);
    const [active] = before.sort((a, b) => b[1] - a[1])[0]!;
    const killed = active.replace('onboard-', '');
    const standby = killed === 'projections-1' ? 'projections-2' : 'projections-1';
    process.kill(pidOf(killed), 'SIGKILL');
    const killedAt = Date.now();
    await eventually(async () => {
      const locks = await runnerLocks(state.DATABASE_URL!);
      expect(locks[`onboard-${killed}`] ?? 0).toBe(0);
      expect(locks[`onboard-${standby}`]).toBe(total);
    }, 30_000);
    timings.push(`standby took over ${total} projections: ${Date.now() - killedAt} ms after SIGKILL`);
    // The former standby's own health says so: it runs every projection now.
    const health = await replica(admin, state[`PORT_${standby.toUpperCase().replace('-', '_')}`]!).get(
      '/api/health',
    );
    const consumers = health.body.consumers as { name: string; isActive: boolean }[];
    expect(consumers).toHaveLength(total);
    expect(consumers.filter((c) => !c.isActive).map((c) => c.name)).toEqual([]);
    // The standby's runners keep the read models going.
    await saveAndReadBack(8);
  });

  it('delivers every bus message once to SSE clients on both replicas through a 30 s Kafka outage', async () => {
    const kafkaEnv = {
      KAFKA_PORT: state.KAFKA_PORT!,
      KAFKA_CONTROLLER_PORT: state.KAFKA_CONTROLLER_PORT!,
      KAFKA_STATE_DIR: state.KAFKA_STATE_DIR!,
    };
    const streams = await Promise.all(
      [state.PORT_QUERY_API_1!, state.PORT_QUERY_API_2!].map((port) =>
        openStream(`http://127.0.0.1:${port}`, cookieOf(admin)),
      ),
    );
    await script('kafka/stop.sh', [], kafkaEnv);
    const stoppedAt = Date.now();
    // Four pushes while the broker is down: eight statuses (IN_PROGRESS and the verdict of each), kept in
    // the event store until the bus publisher can hand them over.
    for (let i = 0; i < 4; i++) expect((await admin.post(`${base}/qps/async-push`)).status).toBe(202);
    await new Promise((r) => setTimeout(r, Math.max(0, 30_000 - (Date.now() - stoppedAt))));
    for (const stream of streams) expect(stream.pushStatuses()).toEqual([]);
    await script('kafka/start.sh', [], kafkaEnv);
    const restartedAt = Date.now();
    for (const stream of streams)
      await eventually(async () => expect(stream.pushStatuses().length).toBeGreaterThanOrEqual(8), 90_000);
    timings.push(`Kafka back: all 8 messages on both replicas ${Date.now() - restartedAt} ms after restart`);
    // Late duplicates would arrive now.
    await new Promise((r) => setTimeout(r, 3000));
    for (const stream of streams) {
      const statuses = stream.pushStatuses();
      expect(statuses).toHaveLength(8);
      expect(new Set(statuses.map((e) => e.id)).size).toBe(8);
      expect(statuses.filter((e) => e.data.apiJobStatus === 'IN_PROGRESS')).toHaveLength(4);
    }
    await Promise.all(streams.map((s) => s.close()));
  }, 200_000);

  it('accepts one of 20 concurrent writes with the same If-Match across both command replicas', async () => {
    const version = await saveAndReadBack(9);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        benAdmin.put(base, { policyAnniversaryMonth: (i % 12) + 1 }, { 'if-match': `"${version}"` }),
      ),
    );
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    // nginx sent them to both command-api replicas.
    const upstreams = new Set(
      readFileSync(`${DIR}/nginx-access.log`, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith(`PUT ${base} `))
        .map((line) => line.split(' ')[3]),
    );
    expect(upstreams).toEqual(
      new Set([`127.0.0.1:${state.PORT_COMMAND_API_1}`, `127.0.0.1:${state.PORT_COMMAND_API_2}`]),
    );
  });

  it('starts all seven at once on an empty database five times: none crashes, every demo user signs in', async () => {
    for (let round = 1; round <= 5; round++) {
      await script('topology/stop.sh', ['--apps']);
      const started = Date.now();
      // start.sh --apps fails when a process exits before every one is ready.
      await script('topology/start.sh', ['--apps'], { TOPOLOGY_FRESH_DB: '1', TOPOLOGY_MIGRATE: 'each' });
      timings.push(`cold start ${round}: ${Date.now() - started} ms`);
      for (const user of DEMO_USERS) {
        const signedIn = await apiClient(edge).signIn(user.email);
        expect(signedIn.email, `round ${round}`).toBe(user.email);
      }
      const apps = ['command-api-1', 'command-api-2', 'projections-1', 'projections-2', 'workers'];
      for (const app of [...apps, 'query-api-1', 'query-api-2'])
        expect(isAlive(pidOf(app)), `round ${round}: ${app} is running`).toBe(true);
    }
  }, 600_000);
});
