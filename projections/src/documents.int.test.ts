import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catchUp,
  censusStream,
  documentStream,
  resetConsumer,
  type EventStore,
  type NewEvent,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { censusDecider, type CensusCommand } from '@onboard/domain/census';
import { migratedDatabase } from '@onboard/testing/db';
import { documentsProjection } from './documents.ts';

const ben = { userId: 'ben', role: 'BEN_ADMIN' };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();

const toAppend = (events: { type: string; data: unknown }[]): NewEvent[] =>
  events.map((event) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: {
      actorId: 'ben',
      actorRole: 'BEN_ADMIN',
      occurredAt: (event.data as { at: string }).at,
      correlationId: randomUUID(),
    },
  }));

// The documents read model with census files renamed and deleted by the census rules: built a few events at a
// time, then rebuilt from zero, it holds the same rows.
describe('documents projection with census renames and deletes', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let incremental: unknown[];

  const snapshot = async () =>
    (
      await pool.query(
        `select client_id, document_id, name, category, policy_id, source, deleted_at, updated_at, updated_by,
           submitted_at
         from rm_documents order by client_id, document_id`,
      )
    ).rows;

  beforeAll(async () => {
    const url = await migratedDatabase('documents_projection');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    let state = censusDecider.initialState();
    const decide = async (n: number, type: CensusCommand['type'], data: Record<string, unknown>) => {
      const decision = censusDecider.decide(
        {
          type,
          data: { clientId: 'c1', policyId: 'p1', ...data },
          metadata: { at: at(n), by: ben },
        } as CensusCommand,
        state,
      );
      expect(decision.ok).toBe(true);
      if (!decision.ok) return;
      for (const event of decision.events) state = censusDecider.evolve(state, event);
      await store.append(censusStream('c1', 'p1'), toAppend(decision.events), 'any');
      await catchUp({ store, pool, consumer: documentsProjection, batchSize: 2 });
    };
    const file = { format: 'CSV', size: 10, headers: ['Employee ID'], mapping: {} };
    await decide(1, 'UploadCensus', { documentId: 'census-a', fileName: 'a.csv', ...file });
    await decide(2, 'UploadCensus', { documentId: 'census-b', fileName: 'b.csv', ...file });
    await store.append(
      documentStream('c1'),
      toAppend([
        {
          type: 'DocumentUploaded',
          data: {
            clientId: 'c1',
            documentId: 'upload-1',
            documentKey: 'clients/c1/documents/upload-1',
            name: 'bill.pdf',
            mimeType: 'application/pdf',
            size: 20,
            category: 'prior-carrier-bills',
            policyId: null,
            language: null,
            uploadedBy: 'ben',
            uploadedByRole: 'BEN_ADMIN',
            at: at(3),
          },
        },
      ]),
      'any',
    );
    await decide(4, 'RenameCensusFile', { documentId: 'census-a', fileName: ' March census.csv ' });
    await decide(5, 'DeleteCensusFile', { documentId: 'census-b' });
    await catchUp({ store, pool, consumer: documentsProjection, batchSize: 1 });
    incremental = await snapshot();
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  it('follows the census: renamed under its new name, deleted kept with its time', () => {
    expect(incremental).toEqual([
      expect.objectContaining({ document_id: 'census-a', name: 'March census.csv', source: 'census' }),
      expect.objectContaining({ document_id: 'census-b', source: 'census', deleted_at: new Date(at(5)) }),
      expect.objectContaining({
        document_id: 'upload-1',
        name: 'bill.pdf',
        source: 'upload',
        deleted_at: null,
      }),
    ]);
  });

  it('rebuilt from zero equals the one built incrementally', async () => {
    await resetConsumer(pool, documentsProjection);
    expect(await snapshot()).toEqual([]);
    await catchUp({ store, pool, consumer: documentsProjection, batchSize: 1000 });
    expect(await snapshot()).toEqual(incremental);
  });
});
