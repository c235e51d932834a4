// Append-to-read-model lag for `npm run bench`: commands through the HTTP API at a steady 200 a second
// (BENCH_LAG_RATE to measure another rate), each timed from its answer until the client-view row shows
// its version.
import { randomUUID } from 'node:crypto';
import { eifStream, type NewEvent } from '@onboard/events';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { apiClient } from '@onboard/platform/testing/http-client';
import type { Report } from './eif.ts';
import { runStandalone } from './standalone.ts';

const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);
const LAG_RATE = Number(process.env.BENCH_LAG_RATE ?? 200);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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

export type LagAfter = (
  app: RunningApp,
  api: ReturnType<typeof apiClient>,
  clients: readonly string[],
) => Promise<void>;

export async function benchLag(databaseUrl: string, report: Report, after?: LagAfter) {
  const app = await startApp(
    // The demo users are seeded for the sign-in; the lag clients are counted on their own.
    embeddedTestConfig(databaseUrl, { webDist: null, seedDemoData: true, logLevel: 'error' }),
  );
  const clients = Array.from({ length: 50 }, (_, i) => `lag-${i}`);
  for (const clientId of clients)
    await app.store.append(eifStream(clientId), [created(clientId)], 'no_stream');
  const api = apiClient(app.url);
  await api.signIn('admin@onboard.example');
  // Wait until the projection has the clients.
  for (;;) {
    const { rows } = await app.pool.query(
      `select count(*)::int as n from rm_clients where client_id like 'lag-%'`,
    );
    if (rows[0].n === clients.length) break;
    await new Promise((r) => setTimeout(r, 20));
  }

  const pending = new Map<string, { at: number; version: number }>(); // key: clientId
  const lags: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling || pending.size > 0) {
      const { rows } = await app.pool.query<{ client_id: string; version: string }>(
        `select client_id, version from rm_clients where client_id like 'lag-%'`,
      );
      const now = performance.now();
      for (const row of rows) {
        const wait = pending.get(row.client_id);
        if (wait && Number(row.version) >= wait.version) {
          lags.push(now - wait.at);
          pending.delete(row.client_id);
        }
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  })();

  // Warm-up at the same rate, not recorded: JIT, pool connections (each a SCRAM handshake), first pages.
  const warmUp = 2 * LAG_RATE;
  const total = LAG_SECONDS * LAG_RATE + warmUp;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / LAG_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const clientId = clients[i % clients.length]!;
    inFlight.push(
      (async () => {
        const res = await api.put(`/api/clients/${clientId}`, { taxId: String(100000000 + i) });
        if (res.status !== 200) {
          errors += 1;
          if (process.env.BENCH_DEBUG) console.log(res.status, JSON.stringify(res.body).slice(0, 200));
          return;
        }
        if (i < warmUp) return;
        const appendedAt = performance.now();
        const previous = pending.get(clientId);
        // Only the latest command per client is awaited; an older one is already lagging less.
        if (!previous || previous.version < res.body.version)
          pending.set(clientId, { at: appendedAt, version: res.body.version });
      })(),
    );
  }
  await Promise.all(inFlight);
  const sentMs = performance.now() - started;
  const drainDeadline = performance.now() + 10_000;
  while (pending.size > 0 && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 10));
  polling = false;
  pending.clear();
  await poller;
  await after?.(app, api, clients);
  await app.stop();
  lags.sort((a, b) => a - b);
  const p50 = pct(lags, 50);
  const p99 = pct(lags, 99);
  console.log(
    `      ${total - warmUp} commands (after ${warmUp} warm-up) over ${(sentMs / 1000).toFixed(1)} s (${fmt((total * 1000) / sentMs)}/s), ${errors} conflicts or errors`,
  );
  report('append-to-read-model lag p50', `${p50.toFixed(1)} ms`, null, '< 15 ms', p50 < 15);
  report('append-to-read-model lag p99', `${p99.toFixed(1)} ms`, null, '< 50 ms', p99 < 50);
  return { p50, p99 };
}

runStandalone(import.meta.url, 'bench_lag', async (url) => {
  const report: Report = (name, value, ratio, target, isMet) =>
    console.log(
      `${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${ratio === null ? '' : `  ratio ${ratio.toFixed(2)}x`}  (target ${target})`,
    );
  await benchLag(url, report);
});
