// The EIF history for `npm run bench`: "as of" on a 10,000-event stream, against folding the stream as
// the history used to (same route, same run, a twin client whose history rows are left out).
import { randomUUID } from 'node:crypto';
import { eifStream, type NewEvent } from '@onboard/events';
import { apiClient } from '@onboard/platform/testing/http-client';
import type { Report } from './eif.ts';
import { benchEvent, benchMetadata } from './events.ts';
import { answerChanged, entityCreated } from '@onboard/testing/eif-events';
import { startBenchApp } from './app.ts';

const EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 10_000);
const CLICKS = 12;

/** A long stream: locations added, then answers changed three at a time in one save. */
function stream(clientId: string): NewEvent[] {
  const events: NewEvent[] = [];
  let correlationId = randomUUID();
  const meta = (i: number) => {
    if (i % 3 === 0) correlationId = randomUUID();
    return benchMetadata(new Date(Date.UTC(2026, 0, 1) + i * 60_000), 'demo-admin', correlationId);
  };
  events.push(
    benchEvent(entityCreated(clientId, 'Client', clientId, { name: `History ${clientId}` }), meta(0)),
  );
  for (let i = 1; i < EVENTS; i += 1) {
    const location = `loc-${i % 50}`;
    events.push(
      i <= 50
        ? benchEvent(
            entityCreated(clientId, 'Location', location, {
              name: `Office ${i}`,
              city: 'Boston',
              state: 'MA',
              zipCode: '02110',
            }),
            meta(i),
          )
        : i % 2 === 0
          ? benchEvent(answerChanged(clientId, 'Location', location, 'address1', `${i} Main St`), meta(i))
          : benchEvent(
              answerChanged(clientId, 'Client', clientId, 'otherCoverageChangeNotes', `note ${i}`),
              meta(i),
            ),
    );
  }
  return events;
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

export async function benchEifHistory(databaseUrl: string, report: Report) {
  const app = await startBenchApp(databaseUrl);
  try {
    const read = `history-read-${randomUUID().slice(0, 8)}`;
    const folded = `history-fold-${randomUUID().slice(0, 8)}`;
    for (const clientId of [read, folded]) {
      const events = stream(clientId);
      for (let i = 0; i < events.length; i += 500)
        await app.store.append(eifStream(clientId), events.slice(i, i + 500), 'any');
    }
    // Wait for the read models (client view and history) to reach both streams' ends.
    for (;;) {
      const { rows } = await app.pool.query<{ n: string }>(
        `select count(*) as n from rm_eif_history where client_id = any($1) and revision = $2`,
        [[read, folded], EVENTS - 1],
      );
      const { rows: views } = await app.pool.query<{ n: string }>(
        'select count(*) as n from rm_clients where client_id = any($1) and version = $2',
        [[read, folded], EVENTS - 1],
      );
      if (Number(rows[0]!.n) === 2 && Number(views[0]!.n) === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The twin is answered the old way: no history rows, so "as of" folds the stream from the start.
    await app.pool.query('delete from rm_eif_history where client_id = $1', [folded]);
    await app.pool.query('delete from rm_eif_history_snapshots where client_id = $1', [folded]);

    const api = apiClient(app.url);
    await api.signIn('admin@onboard.example');
    // Revisions from the end towards the start, different for every click (no snapshot of an earlier click helps).
    const revisions = Array.from(
      { length: CLICKS },
      (_, i) => EVENTS - 1 - 37 - i * Math.floor(EVENTS / (CLICKS + 1)),
    );
    const clicks = async (clientId: string) => {
      const times: number[] = [];
      await api.get(`/api/clients/${clientId}/eif/history/${EVENTS - 2}`); // warm-up
      for (const revision of revisions) {
        const start = performance.now();
        const res = await api.get(`/api/clients/${clientId}/eif/history/${revision}`);
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`as of ${revision}: ${res.status}`);
      }
      return times;
    };
    const baseline = median(await clicks(folded));
    const asOf = median(await clicks(read));
    const pageTimes: number[] = [];
    for (let i = 0; i < CLICKS; i += 1) {
      const start = performance.now();
      const res = await api.get(`/api/clients/${read}/eif/history`);
      pageTimes.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`history page: ${res.status}`);
    }
    const page = median(pageTimes);
    console.log(
      `      baseline, "as of" folding the ${EVENTS.toLocaleString('en-US')}-event stream (as before): median ${baseline.toFixed(0)} ms`,
    );
    report(
      `EIF history "as of" on a ${EVENTS.toLocaleString('en-US')}-event stream (median of ${CLICKS})`,
      `${asOf.toFixed(0)} ms`,
      asOf / baseline,
      '< 200 ms',
      asOf < 200,
    );
    report(
      `EIF history first page (25 saves) on a ${EVENTS.toLocaleString('en-US')}-event stream`,
      `${page.toFixed(0)} ms`,
      null,
      '< 200 ms',
      page < 200,
    );
  } finally {
    await app.stop();
  }
}
