import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@onboard/testing/db';
import { freePort } from './database/embedded-postgres.ts';
import { apiClient } from './testing/http-client.ts';
import { activateFirstOwner } from './testing/first-owner.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const get = (url: string) =>
  fetch(url).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { status: string } }),
    () => null,
  );

/** A real process, started as the distributed topology starts it, and stopped with SIGTERM. */
describe('liveness, readiness and SIGTERM', () => {
  let server: ReturnType<typeof spawn> | null = null;
  let output = '';
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await once(server, 'exit');
    }
  });

  it('is live before it is ready; SIGTERM ends SSE streams, lets a request in flight finish, then exits', async () => {
    const databaseUrl = await freshDatabase('drain');
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'platform/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: randomBytes(48).toString('base64'),
        PUBLIC_URL: baseUrl,
        ONBOARD_FIRST_OWNER_EMAIL: 'first.owner@carrier.example',
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST: '',
        MIGRATE_ON_START: 'true',
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_SECONDS: '20',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));

    // Live from its first moment, ready only once migrated, seeded and mounted.
    let sawLiveWhileStarting = false;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
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
    await activateFirstOwner(output, 'Correct-Horse-42!');
    await admin.signIn('first.owner@carrier.example', 'Correct-Horse-42!');
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

    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    // The SSE stream ends at once (its browser reconnects elsewhere), while the request is still waiting.
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })(),
      new Promise((r) => setTimeout(() => r('still open'), 5000)),
    ]);
    expect(ended).toBe('ended');
    expect(server.exitCode).toBeNull();
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
