import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eifStream, startRunner, type EventStore, type Runner } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { migratedDatabase } from '@onboard/testing/db';
import { clientViewProjection } from './client-view.ts';
import { clientAnswerChanged, clientCreated } from './testing/client-events.ts';

const CLIENT = 'kept-client';
const taxIdSet = (taxId: string) => clientAnswerChanged(CLIENT, { attributeKey: 'taxId', value: taxId });

describe('the client view on its runner', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let runner: Runner;

  beforeAll(async () => {
    const url = await migratedDatabase('client_view_kept');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    runner = startRunner({ store, pool, consumer: clientViewProjection });
  });
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await pool?.end();
  });

  const row = (version: number) =>
    vi.waitUntil(async () => {
      const { rows } = await pool.query<{ name: string; version: string; state: { entities: object } }>(
        'select name, version, state from rm_clients where client_id = $1',
        [CLIENT],
      );
      return rows[0] && Number(rows[0].version) === version ? rows[0] : undefined;
    }, 10_000);
  const attributes = (state: { entities: object }) =>
    (state.entities as Record<string, { attributes: Record<string, unknown> }>)[`Client:${CLIENT}`]!
      .attributes;

  it('writes a form it kept only over the row of the same version, else applies the batch again from the row', async () => {
    await store.append(eifStream(CLIENT), [clientCreated(CLIENT, { name: 'Kept Co.' })], 'no_stream');
    await row(0);
    await store.append(eifStream(CLIENT), [taxIdSet('111111111')], 0n);
    expect(attributes((await row(1)).state).taxId).toBe('111111111');

    // The row changes behind the runner's back (as a rebuild elsewhere would): what it kept is stale.
    await pool.query(
      `update rm_clients set version = 7,
         state = jsonb_set(state, array['entities', 'Client:' || client_id, 'attributes', 'name'], '"Rebuilt Co."')
       where client_id = $1`,
      [CLIENT],
    );
    await store.append(eifStream(CLIENT), [taxIdSet('222222222')], 1n);
    // The kept form (named Kept Co.) was refused; the batch was applied again on the row as it is.
    const after = await row(2);
    expect(attributes(after.state)).toMatchObject({ name: 'Rebuilt Co.', taxId: '222222222' });
  });
});
