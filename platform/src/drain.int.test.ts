import { once } from 'node:events';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@onboard/testing/db';
import { apiClient } from './testing/http-client.ts';
import { activateFirstOwner } from './testing/first-owner.ts';
import {
  FIRST_OWNER_EMAIL,
  killIfRunning,
  spawnDistributedServer,
  type ServerProcess,
} from './testing/server-process.ts';

const get = (url: string) =>
  fetch(url).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { status: string } }),
    () => null,
  );

/** A real process, started as the distributed topology starts it, and stopped with SIGTERM. */
describe('liveness, readiness and SIGTERM', () => {
  let server: ServerProcess | undefined;
  afterAll(() => killIfRunning(server?.child));

  it('is live before it is ready; SIGTERM ends SSE streams, lets a request in flight finish, then exits', async () => {
    const databaseUrl = await freshDatabase('drain');
    server = await spawnDistributedServer(['--import', 'tsx', 'platform/src/main.ts'], databaseUrl, {
      MIGRATE_ON_START: 'true',
      SHUTDOWN_DRAIN_SECONDS: '20',
    });
    const { child, url: baseUrl, output } = server;

    // Live from its first moment, ready only once migrated, seeded and mounted.
    let sawLiveWhileStarting = false;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output()}`);
      const [live, ready] = await Promise.all([
        get(`${baseUrl}/api/health/live`),
        get(`${baseUrl}/api/health/ready`),
      ]);
      if (live?.status === 200 && ready?.status === 503) {
        expect(ready.body).toEqual({ status: 'starting' });
        sawLiveWhileStarting = true;
      }
      if (ready?.status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(sawLiveWhileStarting).toBe(true);
    expect(await get(`${baseUrl}/api/health/ready`)).toEqual({ status: 200, body: { status: 'ready' } });

    // An SSE client, signed in.
    const admin = apiClient(baseUrl);
    await activateFirstOwner(output(), 'Correct-Horse-42!');
    await admin.signIn(FIRST_OWNER_EMAIL, 'Correct-Horse-42!');
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const stream = await fetch(`${baseUrl}/api/events/stream`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('retry:');

    // A request in flight: /api/health reads the checkpoints, which another connection holds locked.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table checkpoints in access exclusive mode');
    const inFlight = fetch(`${baseUrl}/api/health`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((r) => setTimeout(r, 500));

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    // The SSE stream ends at once (its browser reconnects elsewhere), while the request is still waiting.
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })(),
      new Promise((r) => setTimeout(() => r('still open'), 5000)),
    ]);
    expect(ended).toBe('ended');
    expect(child.exitCode).toBeNull();
    // No new connection is taken while draining.
    expect(await get(`${baseUrl}/api/health/live`)).toBeNull();

    await locker.query('rollback');
    await locker.end();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'ok' });
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  }, 120_000);
});
