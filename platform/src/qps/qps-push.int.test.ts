import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJobStream,
  eifStream,
  startRunner,
  type EventStore,
  type NewEvent,
  type Runner,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import type { Actor } from '@onboard/domain';
import { qpsCommandRoutes } from '@onboard/command-api/qps/routes';
import { qpsQueryRoutes } from '@onboard/query-api/qps';
import { apiJobsProjection } from '@onboard/projections/api-jobs';
import { clientViewProjection } from '@onboard/projections/client-view';
import { busPublisher } from '@onboard/workers/bus-publisher';
import { qpsPushWorker, type PlanSystemConnector } from '@onboard/workers/qps-push';
import { migratedDatabase } from '@onboard/testing/db';
import { collect } from '../bus/bus-contract.ts';
import { createPostgresBus, type PostgresBus } from '../bus/postgres-bus.ts';
import { errorMiddleware } from '../http/errors.ts';
import { createLogger } from '../logger.ts';
import { DEMO_CLIENTS, DEMO_CLIENT_ID } from '../seed.ts';
import { createSimulatorConnector } from './simulator.ts';

const ADMIN: Actor = { userId: 'admin-1', role: 'SLF_ADMIN', clientIds: [] };
const BEN_ADMIN = (clientId: string): Actor => ({ userId: 'ba-1', role: 'BEN_ADMIN', clientIds: [clientId] });

const created = (clientId: string, entity: string, entityId: string, attributes: object): NewEvent => ({
  id: randomUUID(),
  type: 'EifEntityCreated',
  data: { clientId, entity, entityId, attributes },
  metadata: {
    actorId: 'seed',
    actorRole: 'SLF_OWNER',
    occurredAt: new Date().toISOString(),
    correlationId: 'seed',
  },
});

/** A client whose dental split adds up to 90% and whose life plan is offered to no class. */
async function seedClient(store: EventStore, clientId: string) {
  await store.append(
    eifStream(clientId),
    [
      created(clientId, 'Client', clientId, { name: `Client ${clientId}` }),
      created(clientId, 'Plan', 'p-dental', { benefitType: 'DENTAL' }),
      created(clientId, 'Plan', 'p-life', { benefitType: 'LIFE' }),
      created(clientId, 'EmployeeClass', 'k-all', { groupName: 'All employees' }),
      created(clientId, 'EmployeeClassPlan', 'cp-1', {
        employeeClassId: 'k-all',
        planId: 'p-dental',
        employerContributionPercentage: 50,
        employeeContributionPercentage: 40,
      }),
    ],
    'no_stream',
  );
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('push to the plan system: request -> worker -> connector -> final status -> bus', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let bus: PostgresBus;
  let server: Server;
  let base: string;
  const runners: Runner[] = [];
  let actor: Actor = ADMIN;
  // The connector the worker uses, swapped per test: the simulator, or one that never answers in time.
  let connector: PlanSystemConnector = createSimulatorConnector({ delayMs: 50 });

  beforeAll(async () => {
    const url = await migratedDatabase('qps');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    bus = createPostgresBus({ pool, connectionString: url, pollIntervalMs: 200 });
    const worker = qpsPushWorker({
      store,
      connector: { push: (design) => connector.push(design) },
      timeoutMs: 300,
      now: () => new Date(),
    });
    for (const consumer of [clientViewProjection, apiJobsProjection, worker, busPublisher(bus)])
      runners.push(startRunner({ store, pool, consumer }));

    const authenticate = async () => actor;
    const app = express();
    app.use(express.json());
    app.use(qpsCommandRoutes({ store, authenticate, now: () => new Date(), newId: randomUUID }));
    app.use(qpsQueryRoutes({ pool, authenticate }));
    app.use(errorMiddleware(createLogger('silent')));
    server = await new Promise((done) => {
      const s = app.listen(0, '127.0.0.1', () => done(s));
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((done) => server?.close(done));
    await Promise.all(runners.map((r) => r.stop()));
    await bus?.close();
    await store?.close();
    await pool?.end();
  });

  const push = (clientId: string) =>
    fetch(`${base}/api/clients/${clientId}/qps/async-push`, { method: 'POST' });
  const jobs = async (...clientIds: string[]) => {
    const query = clientIds.map((id) => `clientIds[]=${encodeURIComponent(id)}`).join('&');
    const response = await fetch(`${base}/api/api-jobs?${query}`);
    return (await response.json()) as {
      apiJobs: { id: string; clientId: string; status: string; apiJobOutputs: string[] }[];
    };
  };

  it('answers IN_PROGRESS at once, then records the simulator verdict and publishes both statuses', async () => {
    actor = ADMIN;
    connector = createSimulatorConnector({ delayMs: 50 });
    const clientId = `c-${randomUUID()}`;
    await seedClient(store, clientId);
    const received = await collect(bus, `test-${clientId}`, ['QPS_PUSH_STATUS']);

    const info = await waitFor(async () => {
      const r = await fetch(`${base}/api/clients/${clientId}/qps/plan-design-info`);
      return r.status === 200
        ? ((await r.json()) as { check: { status: string; reasons: string[] } })
        : undefined;
    });
    expect(info.check.status).toBe('COMPLETED_WITH_ERRORS');

    const response = await push(clientId);
    expect(response.status).toBe(202);
    const { apiJobId, status } = (await response.json()) as { apiJobId: string; status: string };
    expect(status).toBe('IN_PROGRESS');

    const messages = await waitFor(async () => {
      const mine = received.received.filter(
        (m) => m.topic === 'QPS_PUSH_STATUS' && m.payload.clientId === clientId,
      );
      return mine.length >= 2 ? mine : undefined;
    });
    expect(messages.map((m) => m.topic === 'QPS_PUSH_STATUS' && m.payload.apiJobStatus)).toEqual([
      'IN_PROGRESS',
      'COMPLETED_WITH_ERRORS',
    ]);

    const stream = await store.readStream(apiJobStream(apiJobId));
    expect(stream.map((e) => e.type)).toEqual([
      'PlanDesignPushRequested',
      'ApiJobStatusChanged',
      'ApiJobStatusChanged',
    ]);
    expect(stream[2]!.metadata.causationId).toBe(stream[0]!.id);
    expect(stream[2]!.data).toEqual({
      apiJobId,
      clientId,
      apiJobStatus: 'COMPLETED_WITH_ERRORS',
      reasons: [
        'Contributions for the Dental plan (p-dental) in class "All employees" add up to 90% (employer 50% + employee 40%), not 100%',
        'The Life plan (p-life) is not offered to any class',
      ],
    });

    const listed = await waitFor(async () => {
      const { apiJobs } = await jobs(clientId, 'no-such-client');
      return apiJobs[0]?.status === 'COMPLETED_WITH_ERRORS' ? apiJobs : undefined;
    });
    expect(listed).toEqual([
      expect.objectContaining({
        id: apiJobId,
        clientId,
        apiJobOutputs: (stream[2]!.data as { reasons: string[] }).reasons,
      }),
    ]);
    // A second push: the client's own list has both, newest first.
    const second = (await (await push(clientId)).json()) as { apiJobId: string };
    const history = await waitFor(async () => {
      const r = await fetch(`${base}/api/clients/${clientId}/api-jobs`);
      const body = (await r.json()) as { apiJobs: { id: string }[] };
      return body.apiJobs.length === 2 ? body.apiJobs : undefined;
    });
    expect(history.map((job) => job.id)).toEqual([second.apiJobId, apiJobId]);
    await received.consumer.close();
  });

  it('answers the plan-design info with a job settled once asked for it (read-your-writes after the stream)', async () => {
    actor = ADMIN;
    connector = createSimulatorConnector({ delayMs: 50 });
    const clientId = `c-${randomUUID()}`;
    await seedClient(store, clientId);
    const received = await collect(bus, `test-settled-${clientId}`, ['QPS_PUSH_STATUS']);
    const { apiJobId } = (await (await push(clientId)).json()) as { apiJobId: string };
    // The page hears of the outcome on the stream, which does not wait for the api-jobs projection.
    await waitFor(async () =>
      received.received.find(
        (m) =>
          m.topic === 'QPS_PUSH_STATUS' &&
          m.payload.clientId === clientId &&
          m.payload.apiJobStatus !== 'IN_PROGRESS',
      ),
    );
    const response = await fetch(
      `${base}/api/clients/${clientId}/qps/plan-design-info?settledJob=${encodeURIComponent(apiJobId)}`,
    );
    expect(response.status).toBe(200);
    const info = (await response.json()) as { latestJob: { id: string; status: string } };
    expect(info.latestJob).toMatchObject({ id: apiJobId, status: 'COMPLETED_WITH_ERRORS' });

    const bad = await fetch(`${base}/api/clients/${clientId}/qps/plan-design-info?settledJob=a&settledJob=b`);
    expect(bad.status).toBe(400);
    await received.consumer.close();
  });

  it('gives each seeded demo client the outcome its coverages call for', async () => {
    actor = ADMIN;
    connector = createSimulatorConnector({ delayMs: 0 });
    const seeded = DEMO_CLIENTS.filter((demo) => demo.id !== DEMO_CLIENT_ID);
    for (const demo of seeded)
      await store.append(
        eifStream(demo.id),
        demo.entities.map((e) => created(demo.id, e.entity, e.entityId, e.attributes)),
        'no_stream',
      );
    const outcome = async (clientId: string) => {
      const { apiJobId } = (await (await push(clientId)).json()) as { apiJobId: string };
      const events = await waitFor(async () => {
        const stream = await store.readStream(apiJobStream(apiJobId));
        return stream.length === 3 ? stream : undefined;
      });
      return events[2]!.data as { apiJobStatus: string; reasons: string[] };
    };

    // Statutory only (NY, NJ, HI): nothing is set up by class, so nothing is missing.
    expect(await outcome('tri-state-staffing')).toMatchObject({ apiJobStatus: 'COMPLETED', reasons: [] });
    // FLI beside life and dental: the class is missing for life and dental only.
    expect(await outcome('harbor-freight-lines')).toMatchObject({
      apiJobStatus: 'COMPLETED_WITH_ERRORS',
      reasons: [
        'The plan design has no employee classes',
        'The Dental plan (plan-harbor-dental) is not offered to any class',
        'The Life plan (plan-harbor-life) is not offered to any class',
      ],
    });
    // PFML beside long-term disability, vision and life: PFML needs no class.
    const riverside = await outcome('riverside-medical-group');
    expect(riverside.apiJobStatus).toBe('COMPLETED_WITH_ERRORS');
    expect(riverside.reasons).toHaveLength(4);
    expect(riverside.reasons.join('\n')).not.toContain('PFML');

    // Once Harbor's class is offered its life and dental plans, paid in full, the push completes.
    await store.append(
      eifStream('harbor-freight-lines'),
      [
        created('harbor-freight-lines', 'EmployeeClass', 'k-all', { groupName: 'All employees' }),
        ...['plan-harbor-life', 'plan-harbor-dental'].map((planId) =>
          created('harbor-freight-lines', 'EmployeeClassPlan', `cp-${planId}`, {
            employeeClassId: 'k-all',
            planId,
            employerContributionPercentage: 100,
            employeeContributionPercentage: 0,
          }),
        ),
      ],
      'any',
    );
    expect(await outcome('harbor-freight-lines')).toMatchObject({ apiJobStatus: 'COMPLETED', reasons: [] });
  });

  it('records TIMEOUT when the plan system does not answer within the limit', async () => {
    actor = ADMIN;
    connector = { push: () => new Promise(() => undefined) };
    const clientId = `c-${randomUUID()}`;
    await seedClient(store, clientId);
    const received = await collect(bus, `test-${clientId}`, ['QPS_PUSH_STATUS']);
    const { apiJobId } = (await (await push(clientId)).json()) as { apiJobId: string };

    const final = await waitFor(async () => {
      const mine = received.received.filter(
        (m) =>
          m.topic === 'QPS_PUSH_STATUS' &&
          m.payload.clientId === clientId &&
          m.payload.apiJobStatus !== 'IN_PROGRESS',
      );
      return mine[0];
    });
    expect(final.topic === 'QPS_PUSH_STATUS' && final.payload.apiJobStatus).toBe('TIMEOUT');
    const stream = await store.readStream(apiJobStream(apiJobId));
    expect(stream[2]!.data).toMatchObject({
      apiJobStatus: 'TIMEOUT',
      reasons: ['The plan system did not answer within 0.3 s'],
    });
    await received.consumer.close();
  });

  it('does not push twice when the request is delivered again', async () => {
    connector = createSimulatorConnector();
    const clientId = `c-${randomUUID()}`;
    await seedClient(store, clientId);
    const { apiJobId } = (await (await push(clientId)).json()) as { apiJobId: string };
    const stream = await waitFor(async () => {
      const events = await store.readStream(apiJobStream(apiJobId));
      return events.length === 3 ? events : undefined;
    });
    // Redelivery, as after a crash between the side effect and the checkpoint.
    const calls: string[] = [];
    const again = qpsPushWorker({
      store,
      connector: { push: async (d) => (calls.push(d.clientId), { status: 'COMPLETED', reasons: [] }) },
      timeoutMs: 1000,
      now: () => new Date(),
    });
    await again.react!([stream[0]!]);
    expect(calls).toEqual([]);
    expect(await store.readStream(apiJobStream(apiJobId))).toHaveLength(3);
  });

  it('lets only staff push, and only to a client that exists', async () => {
    const clientId = `c-${randomUUID()}`;
    await seedClient(store, clientId);
    actor = BEN_ADMIN(clientId);
    expect((await push(clientId)).status).toBe(403);
    actor = ADMIN;
    expect((await push(`missing-${randomUUID()}`)).status).toBe(404);
    actor = BEN_ADMIN(clientId);
    expect((await fetch(`${base}/api/api-jobs?clientIds[]=someone-else`)).status).toBe(403);
    expect((await fetch(`${base}/api/api-jobs`)).status).toBe(400);
    actor = ADMIN;
  });
});
