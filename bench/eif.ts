// EIF figures for `npm run bench`: replaying one client's long stream, and net changes.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  createPostgresSnapshotStore,
  eifStream,
  loadAggregate,
  parseEvent,
  type EifEvent,
  type EventStore,
  type NewEvent,
} from '@onboard/events';
import { eifCodec, fold, netChanges, toClientView, type ChangeRecord } from '@onboard/domain';
import { benchEvent, benchMetadata } from './events.ts';
import { answerChanged, entityCreated } from '@onboard/testing/eif-events';
import { pct } from './load.ts';

export type Report = (
  name: string,
  value: string,
  ratio: number | null,
  target: string,
  isMet: boolean,
) => void;

async function samples(runs: number, fn: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** One client's EIF stream of 10,000 events folded to the full form, against reading the same rows raw. */
export async function benchReplay(pool: pg.Pool, store: EventStore, report: Report) {
  const clientId = `replay-${randomUUID()}`;
  const events: NewEvent[] = [
    benchEvent(entityCreated(clientId, 'Client', clientId, { name: 'Replay Co.' })),
  ];
  for (let i = 1; i < 10_000; i += 1) {
    events.push(
      i % 10 === 0
        ? benchEvent(entityCreated(clientId, 'Location', `loc-${i}`, { city: `City ${i}`, zipCode: '02110' }))
        : benchEvent(answerChanged(clientId, 'Client', clientId, `q${i % 40}`, `answer ${i}`)),
    );
  }
  for (let i = 0; i < events.length; i += 1000)
    await store.append(eifStream(clientId), events.slice(i, i + 1000), 'any');

  const runs = 30;
  const raw = await samples(runs, async () => {
    await pool.query('select * from es_events where stream_name = $1 order by stream_revision', [
      eifStream(clientId),
    ]);
  });
  const replay = await samples(runs, async () => {
    const recorded = await store.readStream(eifStream(clientId));
    const state = fold(recorded.map((r) => parseEvent(r) as EifEvent));
    if (!toClientView(state, BigInt(recorded.length - 1))) throw new Error('replay lost the client');
  });
  console.log(
    `      raw read of the same 10,000 rows: p50 ${pct(raw, 50).toFixed(1)} ms, p99 ${pct(raw, 99).toFixed(1)} ms`,
  );
  report(
    'replay of a 10,000-event EIF stream from zero, p50',
    `${pct(replay, 50).toFixed(1)} ms`,
    pct(raw, 50) / pct(replay, 50),
    'informational',
    true,
  );

  // What a command or the history page does: the latest snapshot plus the events after it. One more
  // event after each load keeps a tail to fold, as in real use.
  const snapshots = createPostgresSnapshotStore(pool);
  await loadAggregate({ store, snapshots, stream: eifStream(clientId), codec: eifCodec });
  let n = 0;
  const loaded = await samples(runs, async () => {
    n += 1;
    await store.append(
      eifStream(clientId),
      [
        {
          ...events[1]!,
          id: randomUUID(),
          data: { ...(events[1]!.data as object) },
          metadata: benchMetadata(),
        },
      ],
      'any',
    );
    const { state } = await loadAggregate({ store, snapshots, stream: eifStream(clientId), codec: eifCodec });
    if (state.status === 'empty') throw new Error('load lost the client');
  });
  const p99 = pct(loaded, 99);
  report(
    `EIF form state of a ${10_000 + n}-event stream (snapshot + tail), p99`,
    `${p99.toFixed(1)} ms`,
    pct(raw, 50) / pct(loaded, 50),
    '< 100 ms',
    p99 < 100,
  );
}

/** Net changes over 1,000 change records. */
export function benchNetChanges(report: Report) {
  const statuses = ['pending', 'accepted', 'declined'] as const;
  const records: ChangeRecord[] = Array.from({ length: 1000 }, (_, i) => {
    const status = statuses[i % 3]!;
    const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    return {
      id: `r-${i}`,
      action: i % 50 === 0 ? 'create' : 'update',
      entity: i % 4 === 0 ? 'Client' : 'Location',
      entityId: `e-${i % 60}`,
      createdAt,
      createdByUser: { id: 'u', role: 'BEN_ADMIN' },
      status,
      changeDetails: [
        {
          attributeKey: `a${i % 7}`,
          value: `v${i % 5}`,
          previousValue: `v${(i + 1) % 5}`,
          status,
          createdAt,
        },
        { attributeKey: 'flag', value: i % 2 === 0, previousValue: null, status, createdAt },
      ],
    };
  });
  for (let i = 0; i < 20; i += 1) netChanges(records); // warm-up: measure the steady state, not the JIT
  const times: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const start = performance.now();
    netChanges(records);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p99 = pct(times, 99);
  report('net changes over 1,000 change records, p99', `${p99.toFixed(2)} ms`, null, '< 10 ms', p99 < 10);
}

/**
 * The review page's API under 50 concurrent reviewers. A reviewer opens the page (the client and its
 * change records, fetched together as the web does), reads for a moment (250-750 ms), and opens it again,
 * for a fixed time. Reviewers arrive at random within the first 750 ms, and the first second is a
 * warm-up that is not recorded (new pool connections, JIT). The baseline is the same load on a trivial
 * route of the same server.
 */
export async function benchReviewers(
  url: string,
  cookie: string,
  csrf: string,
  clientId: string,
  report: Report,
) {
  const reviewers = 50;
  const seconds = Number(process.env.BENCH_REVIEW_SECONDS ?? 8);
  const load = async (paths: string[]) => {
    const times: number[] = [];
    const recordFrom = performance.now() + 1000;
    const until = recordFrom + seconds * 1000;
    await Promise.all(
      Array.from({ length: reviewers }, async () => {
        await new Promise((r) => setTimeout(r, Math.random() * 750));
        while (performance.now() < until) {
          await Promise.all(
            paths.map(async (path) => {
              const start = performance.now();
              const res = await fetch(`${url}${path}`, { headers: { cookie, 'x-csrf-token': csrf } });
              await res.arrayBuffer();
              if (res.status !== 200 && res.status !== 204) throw new Error(`${path}: ${res.status}`);
              if (start >= recordFrom) times.push(performance.now() - start);
            }),
          );
          await new Promise((r) => setTimeout(r, 250 + Math.random() * 500));
        }
      }),
    );
    return times.sort((a, b) => a - b);
  };
  const baseline = await load(['/api/auth/csrf', '/api/auth/csrf']);
  const review = await load([`/api/clients/${clientId}`, `/api/clients/${clientId}/change-log/deif-changes`]);
  console.log(
    `      trivial route under the same load: p50 ${pct(baseline, 50).toFixed(1)} ms, p99 ${pct(baseline, 99).toFixed(1)} ms`,
  );
  report(
    `review page API under ${reviewers} concurrent reviewers (${review.length} requests), p99`,
    `${pct(review, 99).toFixed(1)} ms`,
    pct(baseline, 99) / pct(review, 99),
    '< 50 ms',
    pct(review, 99) < 50,
  );
}
