import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catchUp,
  eifStream,
  resetConsumer,
  type EifEvent,
  type EventStore,
  type NewEvent,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { fold, fromDocument, toDocument, type EifStateDocument } from '@onboard/domain';
import { migratedDatabase } from '@onboard/testing/db';
import { eifHistoryProjection, HISTORY_SNAPSHOT_EVERY } from './eif-history.ts';
import { clientAnswerChanged, clientCreated, staffMetadata } from './testing/client-events.ts';

const CLIENT = 'history-client';
const SAVES = 130;

/** A creation, then saves of one, two or three changes (one correlation id per save). */
function history(): NewEvent[] {
  const events: NewEvent[] = [
    clientCreated(CLIENT, { name: 'History Co.' }, staffMetadata('c0', '2026-01-01T00:00:00Z')),
  ];
  for (let save = 1; save <= SAVES; save += 1) {
    const metadata = staffMetadata(`c${save}`, '2026-01-01T00:00:00Z');
    for (let i = 0; i < (save % 3) + 1; i += 1)
      events.push(
        clientAnswerChanged(
          CLIENT,
          { attributeKey: 'otherCoverageChangeNotes', value: `${save}.${i}` },
          metadata,
        ),
      );
  }
  return events;
}

describe('the EIF history read model', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let events: NewEvent[];

  beforeAll(async () => {
    const url = await migratedDatabase('eif_history');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    events = history();
    await store.append(eifStream(CLIENT), events, 'no_stream');
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  for (const batchSize of [7, 1000]) {
    it(`groups each save into one entry and snapshots every ${HISTORY_SNAPSHOT_EVERY} revisions (batches of ${batchSize})`, async () => {
      await resetConsumer(pool, eifHistoryProjection);
      await catchUp({ store, pool, consumer: eifHistoryProjection, batchSize });
      const { rows } = await pool.query<{ entry: string; n: string }>(
        'select entry, count(*) as n from rm_eif_history where client_id = $1 group by entry order by entry',
        [CLIENT],
      );
      expect(rows).toHaveLength(SAVES + 1);
      expect(rows.slice(1).map((row) => Number(row.n))).toEqual(
        Array.from({ length: SAVES }, (_, i) => ((i + 1) % 3) + 1),
      );
      const { rows: snaps } = await pool.query<{ revision: string; state: EifStateDocument }>(
        'select revision, state from rm_eif_history_snapshots where client_id = $1 order by revision',
        [CLIENT],
      );
      expect(snaps.map((s) => Number(s.revision))).toEqual(
        Array.from(
          { length: Math.floor(events.length / HISTORY_SNAPSHOT_EVERY) },
          (_, i) => (i + 1) * HISTORY_SNAPSHOT_EVERY - 1,
        ),
      );
      // Each snapshot is the form folded up to its revision.
      for (const snap of snaps) {
        const upTo = events
          .slice(0, Number(snap.revision) + 1)
          .map((e) => ({ type: e.type, data: e.data }) as EifEvent);
        expect(fromDocument(snap.state)).toEqual(fromDocument(toDocument(fold(upTo))!));
      }
    });
  }
});
