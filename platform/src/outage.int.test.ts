import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.ts';
import { createServer } from 'node:net';
import { anyReachable, MAINTENANCE_MESSAGE } from './http/outage.ts';

// A PostgreSQL of this test's own, so it can be stopped under the running app and started again.
describe('a dependency that is down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-outage-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'pg');
  let port: number;
  let database: EmbeddedDatabase | null = null;
  let app: RunningApp;

  beforeAll(async () => {
    port = await freePort();
    database = await startEmbeddedPostgres({ dataDir, port });
    await database.createDatabase('onboard');
    app = await startApp(
      embeddedTestConfig(database.url('onboard'), { webDist: null, seedDemoData: true, logLevel: 'silent' }),
    );
  });
  afterAll(async () => {
    await app?.stop().catch(() => undefined);
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const site = () => fetch(`${app.url}/api/explorer-pages/lakeside`);
  const health = () => fetch(`${app.url}/api/health`);
  /** The site's status once it answers 200 (the read model catches up after the seed), or the last one. */
  const siteOnceUp = async () => {
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await site()).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return status;
  };

  it('answers 503 with Retry-After and the maintenance payload while PostgreSQL is down, then recovers', async () => {
    expect(await siteOnceUp()).toBe(200);
    expect((await health()).status).toBe(200);

    await database!.stop();
    database = null;

    const down = await site();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // What the web routes to its maintenance page (web/src/api/errors.ts: 503 with code MAINTENANCE).
    expect(await down.json()).toEqual({
      type: 'about:blank',
      title: 'Service unavailable',
      status: 503,
      code: 'MAINTENANCE',
      maintenance: true,
      message: MAINTENANCE_MESSAGE,
      unavailable: ['PostgreSQL'],
    });

    const unhealthy = await health();
    expect(unhealthy.status).toBe(503);
    expect(unhealthy.headers.get('retry-after')).toBe('5');
    expect(await unhealthy.json()).toMatchObject({
      status: 'unavailable',
      code: 'MAINTENANCE',
      maintenance: true,
      unavailable: ['PostgreSQL'],
    });

    // Back on the same port: the pool reconnects by itself, no restart of the app.
    database = await startEmbeddedPostgres({ dataDir, port });
    expect(await siteOnceUp()).toBe(200);
    expect((await health()).status).toBe(200);
  }, 120_000);

  it('probes Kafka by its brokers: up when one accepts a connection, down when none does', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const address = server.address();
    const up = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const closed = `127.0.0.1:${await freePort()}`;
    await expect(anyReachable([closed, up])).resolves.toBeUndefined();
    server.close();
    await expect(anyReachable([closed])).rejects.toThrow();
  });
});
