// The public Explorer page read under a steady 200 requests a second, against a static JSON file served
// by the same server at the same rate.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp } from '@onboard/platform/app';
import { WEB_DIST, embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_EXPLORER_SLUG } from '@onboard/platform/seed';
import type { Report } from './eif.ts';

const RATE = 200;
const SECONDS = Number(process.env.BENCH_EXPLORER_SECONDS ?? 30);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Open-loop load: requests start on schedule whatever the answers' latency, so queueing shows. */
async function steady(url: string, seconds = SECONDS) {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < RATE * seconds; i += 1) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      (async () => {
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) errors += 1;
        times.push(performance.now() - t);
      })(),
    );
  }
  await Promise.all(inFlight);
  return { times: times.sort((a, b) => a - b), errors };
}

export async function benchExplorerPage(databaseUrl: string, report: Report) {
  const staticFile = join(WEB_DIST, 'bench-static.json');
  const app = await startApp(embeddedTestConfig(databaseUrl, { logLevel: 'error' }));
  try {
    const page = `${app.url}/api/explorer-pages/${DEMO_EXPLORER_SLUG}`;
    // The page's projection row exists once the seeded events are projected.
    for (let i = 0; i < 200 && (await fetch(page)).status !== 200; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    const body = await (await fetch(page)).text();
    writeFileSync(staticFile, body);
    await steady(page, 3); // warm-up, not recorded: JIT, pool connections
    const baseline = await steady(`${app.url}/bench-static.json`);
    const measured = await steady(page);
    console.log(
      `      static JSON (${body.length} bytes) at ${RATE}/s for ${SECONDS} s: p50 ${pct(baseline.times, 50).toFixed(1)} ms, p99 ${pct(baseline.times, 99).toFixed(1)} ms`,
    );
    report(
      `GET /api/explorer-pages/{id} at ${RATE}/s for ${SECONDS} s (${measured.errors} errors), p99`,
      `${pct(measured.times, 99).toFixed(1)} ms`,
      pct(baseline.times, 99) / pct(measured.times, 99),
      '< 20 ms',
      pct(measured.times, 99) < 20 && measured.errors === 0,
    );
  } finally {
    rmSync(staticFile, { force: true });
    await app.stop();
  }
}
