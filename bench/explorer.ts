// The public Explorer page read under a steady 200 requests a second, against a static JSON file served
// by the same server at the same rate.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp } from '@onboard/platform/app';
import { WEB_DIST, embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_EXPLORER_SLUG } from '@onboard/platform/seed';
import type { Report } from './eif.ts';
import { pct, steady } from './load.ts';

const RATE = 200;
const SECONDS = Number(process.env.BENCH_EXPLORER_SECONDS ?? 30);

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
    await steady([page], '', 3, RATE); // warm-up, not recorded: JIT, pool connections
    const baseline = await steady([`${app.url}/bench-static.json`], '', SECONDS, RATE);
    const measured = await steady([page], '', SECONDS, RATE);
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
