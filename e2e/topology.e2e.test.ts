import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, consumerStatuses, resetConsumer } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { projections } from '@onboard/projections';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { DEFAULT_DEMO_PASSWORD } from '@onboard/platform/config';
import { freePort } from '@onboard/platform/database/embedded-postgres';
import { startTestSmtpServer, type TestSmtpServer } from '@onboard/platform/emails/testing-smtp';
import { createS3DocumentStore } from '@onboard/platform/documents';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { motoAvailability } from '@onboard/platform/testing/moto';
import { skipUnless, topologyAvailability } from '@onboard/testing/backends';
import { postgresProcesses, signalEach } from '@onboard/testing/processes';

// The distributed topology as separate processes, without Docker (scripts/topology/start.sh): PostgreSQL,
// Kafka, command-api ×2, projections ×2, workers ×2, query-api ×2 from one build, behind nginx running the
// shipped deploy/chart/files/nginx.conf, whose resolver is a DNS server the script runs (scripts/topology/dns.mjs,
// from a hosts file this test may rewrite). E-mails leave through an SMTP server of this test (the workers
// deliver them, as configured by SMTP_URL), documents go to S3 (moto's server). Everything below goes
// through the edge, or to one replica on purpose.
const ROOT = resolve(import.meta.dirname, '..');
const DIR = resolve(ROOT, '.tmp/topology/ci');
const MOTO = resolve(ROOT, '.tmp/s3-venv/bin/moto_server');
const run = promisify(execFile);

const topology = topologyAvailability(`${ROOT}/scripts/kafka/target/lib`);
const skip = skipUnless('the distributed topology', topology.available ? motoAvailability() : topology);

const FIRST_OWNER = 'first.owner@carrier.example';
const BEN_ADMIN = 'ben.adler@lakeside.example';
const PASSWORD = 'Correct-Horse-42!';
const BUCKET = 'onboard-documents';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

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

/** The first owner's activation link, as start.sh prints it once. */
function firstOwnerLink(stdout: string): string {
  const link = /first owner \S+: activate with this single-use link \(shown once\): (\S+)/.exec(stdout)?.[1];
  if (!link) throw new Error(`start.sh printed no first-owner link:\n${stdout}`);
  return link;
}

/** Follows an e-mailed (or printed) link through the edge: its page, who it is for, and the password. */
async function setPasswordFromLink(edge: string, link: string, purpose: string) {
  expect(link.startsWith(`${edge}/`), link).toBe(true);
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const token = new URL(link).searchParams.get('token')!;
  const api = apiClient(edge);
  await api.get('/api/auth/csrf');
  expect((await api.get(`/api/users/auth-token/${encodeURIComponent(token)}`)).body.purpose).toBe(purpose);
  const set = await api.post('/api/users/password-upsert', { token, password: PASSWORD });
  expect(set.status, set.text).toBe(204);
}

const readState = (): State =>
  Object.fromEntries(
    readFileSync(`${DIR}/state.env`, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

const ALL_APPS = [
  'command-api-1',
  'command-api-2',
  'projections-1',
  'projections-2',
  'workers-1',
  'workers-2',
  'query-api-1',
  'query-api-2',
];
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
function replica(signedIn: Api, url: string): Api {
  const direct = apiClient(url);
  for (const [name, value] of signedIn.cookies) direct.cookies.set(name, value);
  return direct;
}

const cookieOf = (api: Api) => [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** An SSE client that keeps every event until closed. */
async function openStream(url: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const events: SseEvent[] = [];
  const response = await fetch(`${url}/api/events/stream`, {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
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

/** The runners' leases held now: which process (its PGAPPNAME less `onboard-`) holds which partition. */
async function runnerLeases(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; partition: number; process_id: string }>(
      'select name, partition, process_id from runner_leases where expires_at > now()',
    );
    return rows.map((r) => ({
      name: r.name,
      partition: r.partition,
      app: /^onboard-(.+)-\d+-[0-9a-f-]{36}$/.exec(r.process_id)?.[1] ?? r.process_id,
    }));
  } finally {
    await client.end();
  }
}

/** Every read model's rows (each table's rows as JSON, sorted): what a rebuild must give again. */
async function readModels(pool: pg.Pool) {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_name like 'rm\\_%' order by 1`,
  );
  const models: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await pool.query<{ row: string }>(`select to_jsonb(t)::text as row from "${table}" t`);
    models[table] = rows.map((r) => r.row).sort();
  }
  return models;
}

describe.skipIf(skip)('the distributed topology, started by scripts/topology/start.sh', () => {
  let state: State;
  let edge: string;
  let admin: Api;
  let benAdmin: Api;
  let smtp: TestSmtpServer;
  let moto: ChildProcess | null = null;
  let s3Endpoint: string;
  let appEnv: Record<string, string>;
  const timings: string[] = [];
  /** One replica's own address (every replica listens on APP_PORT at a loopback address of its own). */
  const urlOf = (app: string) => {
    const v = app.toUpperCase().replaceAll('-', '_');
    return `http://${state[`ADDR_${v}`]}:${state.APP_PORT}`;
  };
  const addressOf = (app: string) => urlOf(app).replace('http://', '');
  const isRunning = (app: string) => isAlive(pidOf(app));

  beforeAll(async () => {
    await script('topology/stop.sh'); // whatever an interrupted run left
    smtp = await startTestSmtpServer();
    const motoPort = await freePort();
    s3Endpoint = `http://127.0.0.1:${motoPort}`;
    moto = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(motoPort)], { stdio: 'ignore' });
    await eventually(async () => expect((await fetch(`${s3Endpoint}/moto-api/`)).ok).toBe(true), 30_000);
    expect((await fetch(`${s3Endpoint}/${BUCKET}`, { method: 'PUT' })).status).toBe(200);
    // What every start (and restart) of the eight gets, as compose would.
    appEnv = {
      ONBOARD_FIRST_OWNER_EMAIL: FIRST_OWNER,
      SMTP_URL: smtp.url,
      EMAIL_POLL_SECONDS: '1',
      DOCUMENTS_S3_BUCKET: BUCKET,
      DOCUMENTS_S3_ENDPOINT: s3Endpoint,
      DOCUMENTS_S3_ACCESS_KEY_ID: 'test',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'test',
    };
    const started = Date.now();
    const { stdout } = await script('topology/start.sh', [], appEnv);
    timings.push(`start: ${Date.now() - started} ms`);
    state = readState();
    edge = state.EDGE_URL!;
    // No demo user: the first owner activates from the link start.sh printed once, through the edge.
    await setPasswordFromLink(edge, firstOwnerLink(stdout), 'ACTIVATE');
    admin = apiClient(edge);
    benAdmin = apiClient(edge);
  }, 300_000);

  afterAll(async () => {
    await script('topology/stop.sh');
    await smtp?.stop();
    moto?.kill('SIGTERM');
    console.log(`[topology] ${timings.join('; ')}`);
  }, 120_000);

  /** Saves an answer through the edge and reads it back on both query replicas with minVersion. */
  async function saveAndReadBack(month: number) {
    const saved = await benAdmin.put(base, { policyAnniversaryMonth: month });
    expect(saved.status, saved.text).toBe(200);
    const savedAt = Date.now();
    for (const url of [urlOf('query-api-1'), urlOf('query-api-2')]) {
      const read = await replica(benAdmin, url).get(`${base}?view=editing&minVersion=${saved.body.version}`);
      expect(read.status).toBe(200);
      expect(read.body.version).toBeGreaterThanOrEqual(saved.body.version);
      expect(read.body.policyAnniversaryMonth).toBe(month);
    }
    timings.push(`save to visible on both replicas: ${Date.now() - savedAt} ms`);
    return saved.body.version as number;
  }

  /** The next e-mail the test's SMTP server received for `to`, and the link in it. */
  async function linkMailedTo(to: string, page: string, after: number) {
    const mail = await eventually(async () => {
      const found = smtp.received.slice(after).find((m) => m.envelope.to.includes(to));
      expect(found, `an e-mail to ${to}`).toBeDefined();
      return found!;
    }, 30_000);
    const link = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[^\\s"<>]+`).exec(
      mail.parsed.text ?? '',
    )?.[0];
    expect(link, mail.parsed.text).toBeDefined();
    return link!;
  }

  it('has no demo user; the first owner signs in; e-mailed links (SMTP, through the workers) lead through the edge', async () => {
    // The published demo password opens nothing.
    const anyone = apiClient(edge);
    await anyone.get('/api/auth/csrf');
    for (const user of DEMO_USERS) {
      const tried = await anyone.post('/api/auth/sign-in', {
        username: user.email,
        password: DEFAULT_DEMO_PASSWORD,
      });
      expect(tried.status, user.email).toBe(401);
    }
    expect((await admin.signIn(FIRST_OWNER, PASSWORD)).role).toBe('SLF_OWNER');
    // Nobody resets their own second factor (the next password-only sign-in would enrol a new one).
    expect((await admin.post(`/api/users/reset-mfa/${FIRST_OWNER}`)).status).toBe(403);

    // The owner adds the client's benefits administrator; the welcome e-mail reaches the SMTP server.
    let seen = smtp.received.length;
    const created = await admin.post('/api/users/ben-admin', {
      firstName: 'Ben',
      lastName: 'Adler',
      email: BEN_ADMIN,
      clientIds: [DEMO_CLIENT_ID],
      sendWelcomeEmail: true,
    });
    expect(created.status, created.text).toBe(201);
    await setPasswordFromLink(edge, await linkMailedTo(BEN_ADMIN, 'activate', seen), 'ACTIVATE');
    expect((await benAdmin.signIn(BEN_ADMIN, PASSWORD)).email).toBe(BEN_ADMIN);

    // A forgotten password: the reset link is the edge's too (not the command-api that sent it).
    seen = smtp.received.length;
    const asked = await anyone.post(`/api/users/reset-password/${BEN_ADMIN}`);
    expect(asked.status).toBe(204);
    await setPasswordFromLink(edge, await linkMailedTo(BEN_ADMIN, 'reset', seen), 'RESET_PASSWORD');

    const page = await fetch(`${edge}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  }, 120_000);

  it('reads a saved answer back on both query replicas (read-your-writes with minVersion)', async () => {
    await saveAndReadBack(7);
  });

  it('sends a push’s statuses to SSE clients on both query replicas and through the edge', async () => {
    const streams = await Promise.all(
      [urlOf('query-api-1'), urlOf('query-api-2'), edge].map((url) => openStream(url, cookieOf(admin))),
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

  it('a restarted query-api replica replays nothing and leaves no Kafka consumer group behind', async () => {
    const gatewayGroups = async () => {
      const kafka = new Kafka({
        clientId: 'topology-test',
        brokers: state.KAFKA_BROKERS!.split(','),
        logLevel: logLevel.NOTHING,
      });
      const kafkaAdmin = kafka.admin();
      await kafkaAdmin.connect();
      try {
        const { groups } = await kafkaAdmin.listGroups();
        return groups.map((g) => g.groupId).filter((id) => id.startsWith('gateway-'));
      } finally {
        await kafkaAdmin.disconnect();
      }
    };
    const before = await gatewayGroups();
    // One group per query-api replica, named after it with a suffix of its own start.
    const [old] = before.filter((g) => g.startsWith('gateway-query-api-1-'));
    expect(before.filter((g) => g.startsWith('gateway-query-api-2-'))).toHaveLength(1);
    expect(old).toBeDefined();

    await script('topology/stop.sh', ['--apps', 'query-api-1']);
    await script('topology/start.sh', ['--apps', 'query-api-1'], appEnv);
    const after = await gatewayGroups();
    expect(after).not.toContain(old);
    expect(after.filter((g) => g.startsWith('gateway-query-api-1-'))).toHaveLength(1);
    expect(after).toHaveLength(2);

    // A browser reconnecting with an id this replica never issued gets its whole replay window: empty, as
    // the pushes before the restart are not read again; the next push arrives.
    const stream = await openStream(urlOf('query-api-1'), cookieOf(admin), 'QPS_PUSH_STATUS:0:0');
    await new Promise((r) => setTimeout(r, 2_000));
    expect(stream.pushStatuses()).toEqual([]);
    const pushed = await admin.post(`${base}/qps/async-push`);
    expect(pushed.status, pushed.text).toBe(202);
    await eventually(async () => expect(stream.pushStatuses()).toHaveLength(2), 30_000);
    await stream.close();
  });

  it('two workers processes: with one killed, e-mails still go out, each once', async () => {
    process.kill(pidOf('workers-1'), 'SIGKILL');
    const seen = smtp.received.length;
    const anyone = apiClient(edge);
    await anyone.get('/api/auth/csrf');
    const asked = await anyone.post(`/api/users/reset-password/${BEN_ADMIN}`);
    expect(asked.status).toBe(204);
    // Other e-mails reach the same person meanwhile (the push above told them how it ended): count the
    // password-reset ones.
    const resets = () =>
      smtp.received
        .slice(seen)
        .filter((m) => m.envelope.to.includes(BEN_ADMIN) && /\/reset\?token=/.test(m.parsed.text ?? ''));
    await eventually(async () => expect(resets().length).toBeGreaterThan(0), 30_000);
    // Give a second delivery time to show up, then count.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(resets()).toHaveLength(1);
  });

  it('two projections processes rebuild together; one killed mid-catch-up, the other takes its partitions within 2 s, and every read model equals a rebuild from zero', async () => {
    const db = new pg.Pool({ connectionString: state.DATABASE_URL!, max: 4 });
    const store = createPostgresEventStore({ pool: db, connectionString: state.DATABASE_URL! });
    try {
      const leasesOfProjections = async () =>
        (await runnerLeases(state.DATABASE_URL!)).filter((l) => l.app.startsWith('projections-'));
      const total = projections.reduce((sum, p) => sum + (p.partitions ?? 1), 0);
      const split = projections.filter((p) => (p.partitions ?? 1) > 1);
      expect(split.map((p) => p.name)).toContain('client-view');

      // A backlog, and every projection back at zero while no projections process runs; the two start
      // again applying 2 events a transaction, so the rebuild lasts past the partitions' balancing.
      await script('topology/stop.sh', ['--apps', 'projections-1', 'projections-2']);
      for (let i = 0; i < 300; i += 1) {
        const saved = await benAdmin.put(base, { policyAnniversaryMonth: (i % 12) + 1 });
        expect(saved.status, saved.text).toBe(200);
      }
      for (const projection of projections) await resetConsumer(db, projection);
      await script('topology/start.sh', ['--apps', 'projections-1', 'projections-2'], {
        ...appEnv,
        PROJECTION_BATCH_SIZE: '2',
      });

      // Both rebuild at once: every partition of every split projection held, half by each.
      await eventually(async () => {
        const held = await leasesOfProjections();
        expect(held).toHaveLength(total);
        for (const projection of split)
          for (const app of ['projections-1', 'projections-2'])
            expect(
              held.filter((l) => l.name === projection.name && l.app === app),
              `${projection.name} on ${app}`,
            ).toHaveLength(projection.partitions! / 2);
      }, 30_000);
      const statuses = await consumerStatuses(db, store, projections);
      const behind = statuses.filter((s) => !s.isCaughtUp).map((s) => s.name);
      timings.push(`projections still rebuilding when one process is killed: ${behind.join(', ')}`);
      expect(behind.length, 'still catching up when one process is killed').toBeGreaterThan(0);

      process.kill(pidOf('projections-2'), 'SIGKILL');
      const killedAt = Date.now();
      await eventually(async () => {
        const held = await leasesOfProjections();
        expect(held.filter((l) => l.app === 'projections-1')).toHaveLength(total);
      }, 10_000);
      const takeoverMs = Date.now() - killedAt;
      timings.push(`the other process took over all ${total} partitions: ${takeoverMs} ms after SIGKILL`);
      expect(takeoverMs).toBeLessThan(2_000);

      // It finishes the rebuild alone, every projection active there.
      await eventually(async () => {
        const now = await replica(admin, urlOf('projections-1')).get('/api/health');
        const consumers = now.body.consumers as { name: string; isActive: boolean; isCaughtUp: boolean }[];
        expect(consumers).toHaveLength(projections.length);
        expect(consumers.filter((c) => !c.isActive || !c.isCaughtUp).map((c) => c.name)).toEqual([]);
      }, 120_000);
      const shared = await readModels(db);

      // The same read models from zero, by one rebuild with nothing else running.
      await script('topology/stop.sh', ['--apps', 'projections-1']);
      for (const projection of projections) {
        await resetConsumer(db, projection);
        await catchUp({ store, pool: db, consumer: projection });
      }
      expect(await readModels(db)).toEqual(shared);
      expect(shared.rm_clients!.length).toBeGreaterThan(0);
    } finally {
      await store.close();
      await db.end();
      // Both running again as before, whatever stopped the test.
      await script('topology/stop.sh', ['--apps', 'projections-1', 'projections-2']).catch(() => undefined);
      await script('topology/start.sh', ['--apps', 'projections-1', 'projections-2'], appEnv);
    }
    // The projections keep the read models going.
    await saveAndReadBack(8);
  }, 300_000);

  it('delivers every bus message once to SSE clients on both replicas through a 30 s Kafka outage', async () => {
    const kafkaEnv = {
      KAFKA_PORT: state.KAFKA_PORT!,
      KAFKA_CONTROLLER_PORT: state.KAFKA_CONTROLLER_PORT!,
      KAFKA_STATE_DIR: state.KAFKA_STATE_DIR!,
    };
    const streams = await Promise.all(
      [urlOf('query-api-1'), urlOf('query-api-2')].map((url) => openStream(url, cookieOf(admin))),
    );
    await script('kafka/stop.sh', [], kafkaEnv);
    const stoppedAt = Date.now();
    // Every process still does its job, and says Kafka is down: 200 degraded, not 503.
    for (const app of ALL_APPS.filter(isRunning)) {
      const health = await replica(admin, urlOf(app)).get('/api/health');
      expect(health.status, `${app}: ${health.text}`).toBe(200);
      expect(health.body, app).toMatchObject({
        status: 'degraded',
        dependencies: { PostgreSQL: 'up', Kafka: 'down' },
        degraded: ['Kafka'],
      });
      expect((await fetch(`${urlOf(app)}/api/health/ready`)).status, app).toBe(200);
    }
    // command-api saves, projections apply: read back on both query replicas.
    await saveAndReadBack(5);
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

  /** The PUTs of the client's answers that nginx logged since `from` (a length of its access log). */
  const accessLogFrom = (from: number) =>
    readFileSync(`${DIR}/nginx-access.log`, 'utf8')
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith(`PUT ${base} `));
  const accessLogLength = () => readFileSync(`${DIR}/nginx-access.log`, 'utf8').length;

  it('accepts one of 20 concurrent writes with the same If-Match across both command replicas', async () => {
    const current = 9;
    const version = await saveAndReadBack(current);
    // Every value differs from the current one: no write is a no-op.
    const others = Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => m !== current);
    const logFrom = accessLogLength();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        benAdmin.put(
          base,
          { policyAnniversaryMonth: others[i % others.length] },
          { 'if-match': `"${version}"` },
        ),
      ),
    );
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    // nginx sent these 20 to both command-api replicas (the names resolved through the edge's DNS).
    const lines = accessLogFrom(logFrom);
    expect(lines).toHaveLength(20);
    expect(new Set(lines.map((line) => line.split(' ')[3]))).toEqual(
      new Set([addressOf('command-api-1'), addressOf('command-api-2')]),
    );
  });

  it('the edge re-resolves the service names: a replica taken out of DNS gets no more requests', async () => {
    const hosts = readFileSync(state.DNS_HOSTS!, 'utf8');
    const one = state.ADDR_COMMAND_API_1!;
    writeFileSync(state.DNS_HOSTS!, hosts.replace(/^command-api .*$/m, `command-api ${one}`));
    try {
      // deploy/chart/files/nginx.conf keeps an answer 10 s (valid=10s).
      await new Promise((r) => setTimeout(r, 11_000));
      const logFrom = accessLogLength();
      for (let i = 0; i < 6; i++)
        expect((await benAdmin.put(base, { policyAnniversaryMonth: (i % 2) + 3 })).status).toBe(200);
      expect(new Set(accessLogFrom(logFrom).map((line) => line.split(' ')[3]))).toEqual(
        new Set([addressOf('command-api-1')]),
      );
    } finally {
      writeFileSync(state.DNS_HOSTS!, hosts);
    }
  }, 60_000);

  it('keeps documents in S3: uploaded and downloaded through the edge, the object in the bucket', async () => {
    const bucketKeys = async () =>
      [
        ...(await (await fetch(`${s3Endpoint}/${BUCKET}?list-type=2`)).text()).matchAll(
          /<Key>([^<]+)<\/Key>/g,
        ),
      ].map((m) => m[1]!);
    const keysBefore = await bucketKeys();
    const form = new FormData();
    form.append('category', 'other');
    form.append('files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'bills.pdf');
    const uploaded = await fetch(`${edge}${base}/documents`, {
      method: 'POST',
      headers: { cookie: cookieOf(benAdmin), 'x-csrf-token': benAdmin.cookies.get('onboard_csrf') ?? '' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [document] = (await uploaded.json()) as { documentId: string }[];
    // Through query-api, once its read model has the document.
    const downloaded = await eventually(async () => {
      const answer = await fetch(`${edge}${base}/documents/${document!.documentId}`, {
        headers: { cookie: cookieOf(benAdmin) },
      });
      expect(answer.status).toBe(200);
      return Buffer.from(await answer.arrayBuffer());
    });
    expect(downloaded.equals(PDF)).toBe(true);
    // The file is a new object in the bucket (its key is the stored file's id), read back with the
    // store's own S3 client; not a row of PostgreSQL's documents table.
    const keys = await bucketKeys();
    const added = keys.filter((key) => !keysBefore.includes(key));
    expect(added).toHaveLength(1);
    const s3 = createS3DocumentStore({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    });
    try {
      expect(Buffer.from((await s3.get(added[0]!))!.bytes).equals(PDF)).toBe(true);
    } finally {
      s3.client.destroy();
    }
    const stored = added;
    const client = new pg.Client({ connectionString: state.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query('select 1 from documents where document_id = any($1)', [
        [document!.documentId, stored[0]],
      ]);
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('answers within bounds while PostgreSQL is frozen: readiness 503 in 2 s, health and requests 503 + Retry-After', async () => {
    const frozen = postgresProcesses(state.PG_DATA!);
    signalEach(frozen, 'SIGSTOP');
    try {
      const running = ALL_APPS.filter(isRunning);
      await Promise.all(
        running.map(async (app) => {
          let started = Date.now();
          const ready = await fetch(`${urlOf(app)}/api/health/ready`);
          expect(ready.status, app).toBe(503);
          expect(Date.now() - started, `${app} readiness`).toBeLessThan(2_000);
          started = Date.now();
          const health = await fetch(`${urlOf(app)}/api/health`);
          expect(health.status, app).toBe(503);
          expect(health.headers.get('retry-after')).toBe('5');
          expect(await health.json(), app).toMatchObject({ unavailable: ['PostgreSQL'] });
          expect(Date.now() - started, `${app} health`).toBeLessThan(4_000);
        }),
      );
      // A read on a query replica: the query timeout (10 s) or the connection timeout (5 s), then 503.
      const started = Date.now();
      const read = await replica(benAdmin, urlOf('query-api-1')).get(`${base}?view=editing`);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('5');
      expect(Date.now() - started).toBeLessThan(13_000);
      timings.push(`read with PostgreSQL frozen: 503 after ${Date.now() - started} ms`);
    } finally {
      signalEach(frozen, 'SIGCONT');
    }
    // Back: every process is ready again, and a save reads back on both replicas.
    for (const app of ALL_APPS.filter(isRunning))
      await eventually(
        async () => expect((await fetch(`${urlOf(app)}/api/health/ready`)).status).toBe(200),
        30_000,
      );
    await eventually(async () => saveAndReadBack(10), 30_000);
  }, 120_000);

  it('starts all eight at once on an empty database five times: none crashes, the first owner activates', async () => {
    for (let round = 1; round <= 5; round++) {
      await script('topology/stop.sh', ['--apps']);
      const started = Date.now();
      // start.sh --apps fails when a process exits before every one is ready.
      const { stdout } = await script('topology/start.sh', ['--apps'], {
        ...appEnv,
        TOPOLOGY_FRESH_DB: '1',
        TOPOLOGY_MIGRATE: 'each',
      });
      timings.push(`cold start ${round}: ${Date.now() - started} ms`);
      // One first owner, one link, whichever command-api replica registered it; no demo user.
      await setPasswordFromLink(edge, firstOwnerLink(stdout), 'ACTIVATE');
      const api = apiClient(edge);
      await api.get('/api/auth/csrf');
      const step = await api.post('/api/auth/sign-in', { username: FIRST_OWNER, password: PASSWORD });
      expect(step.body.status, `round ${round}`).toBe('MFA_ENROLL');
      const demo = await api.post('/api/auth/sign-in', {
        username: DEMO_USERS[0]!.email,
        password: DEFAULT_DEMO_PASSWORD,
      });
      expect(demo.status, `round ${round}`).toBe(401);
      for (const app of ALL_APPS) expect(isAlive(pidOf(app)), `round ${round}: ${app} is running`).toBe(true);
    }
  }, 600_000);
});
