import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.ts';
import { postgresProcesses, signalEach } from '@onboard/testing/processes';

/** How long a call takes, with its answer. */
async function timed(call: () => Promise<Response>) {
  const started = Date.now();
  const response = await call();
  return { response, ms: Date.now() - started, body: (await response.json()) as Record<string, unknown> };
}

// PostgreSQL frozen (every one of its processes stopped with SIGSTOP: connections open, nothing answers),
// not down: without a query timeout a request waits as long as the kernel keeps the connection.
describe('a database that stops answering', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-frozen-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'pg');
  let database: EmbeddedDatabase;
  let app: RunningApp;
  let frozen: number[] = [];
  const thaw = () => {
    signalEach(frozen, 'SIGCONT');
    frozen = [];
  };

  beforeAll(async () => {
    database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    await database.createDatabase('onboard');
    app = await startApp(
      embeddedTestConfig(database.url('onboard'), {
        webDist: null,
        seedDemoData: true,
        logLevel: 'silent',
        pgQueryTimeoutMs: 3_000,
      }),
    );
  });
  afterAll(async () => {
    thaw();
    await app?.stop().catch(() => undefined);
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const site = () => fetch(`${app.url}/api/explorer-pages/lakeside`);

  it('answers 503 with Retry-After within the query timeout, readiness within 2 s, and recovers', async () => {
    const deadline = Date.now() + 30_000;
    while ((await site()).status !== 200 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect((await site()).status).toBe(200);

    frozen = postgresProcesses(dataDir);
    signalEach(frozen, 'SIGSTOP');
    try {
      // Several at once: some on pooled connections (the query timeout), some waiting for a new one.
      const answers = await Promise.all(Array.from({ length: 4 }, () => timed(site)));
      for (const { response, ms, body } of answers) {
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(body).toMatchObject({ code: 'MAINTENANCE', unavailable: ['PostgreSQL'] });
        expect(ms).toBeLessThan(8_000);
      }
      const ready = await timed(() => fetch(`${app.url}/api/health/ready`));
      expect(ready.response.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable' });
      expect(ready.ms).toBeLessThan(2_000);
      const health = await timed(() => fetch(`${app.url}/api/health`));
      expect(health.response.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'unavailable', dependencies: { PostgreSQL: 'down' } });
      expect(health.ms).toBeLessThan(4_000);
    } finally {
      thaw();
    }

    const recovered = Date.now() + 30_000;
    while ((await site()).status !== 200 && Date.now() < recovered)
      await new Promise((r) => setTimeout(r, 200));
    expect((await site()).status).toBe(200);
    expect((await fetch(`${app.url}/api/health/ready`)).status).toBe(200);
  }, 120_000);
});
