import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catchUp,
  resetConsumer,
  userStream,
  emailStream,
  type EventStore,
  type NewEvent,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { migratedDatabase } from '@onboard/testing/db';
import { emailsProjection } from './emails.ts';
import { usersProjection } from './users.ts';

const event = (type: string, data: unknown, at: string): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: 'system', actorRole: 'SYSTEM', occurredAt: at, correlationId: randomUUID() },
});

describe('users and emails read models', () => {
  let pool: pg.Pool;
  let store: EventStore;
  beforeAll(async () => {
    const url = await migratedDatabase('users_rm');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  const snapshot = async () =>
    (await pool.query('select * from rm_users order by user_id')).rows.map(({ updated_at: _u, ...r }) => r);

  it('folds user events into rows, and a rebuild from zero gives the same rows', async () => {
    const at = (m: number) => new Date(Date.UTC(2026, 4, 1, 10, m)).toISOString();
    await store.append(
      userStream('u-1'),
      [
        event(
          'UserRegistered',
          {
            userId: 'u-1',
            role: 'BEN_ADMIN',
            firstName: 'Ben',
            lastName: 'Adler',
            email: 'Ben@Example.com',
            clientIds: ['c-1'],
          },
          at(0),
        ),
        event('UserPasswordSet', { userId: 'u-1', at: at(1) }, at(1)),
        event('UserAssignedToClient', { userId: 'u-1', clientId: 'c-2' }, at(2)),
      ],
      'no_stream',
    );
    await store.append(
      userStream('u-2'),
      [
        event(
          'UserRegistered',
          { userId: 'u-2', role: 'SLF_ADMIN', firstName: 'Ada', lastName: 'Min', email: 'ada@example.com' },
          at(3),
        ),
      ],
      'no_stream',
    );
    await catchUp({ store, pool, consumer: usersProjection, batchSize: 2 });
    await store.append(
      userStream('u-1'),
      [
        event('UserSignedIn', { userId: 'u-1', at: at(4) }, at(4)),
        event('UserTermsOfUseAccepted', { userId: 'u-1', at: at(5) }, at(5)),
        event('UserRoleChanged', { userId: 'u-1', from: 'BEN_ADMIN', to: 'BROKER' }, at(6)),
      ],
      2n,
    );
    await store.append(userStream('u-2'), [event('UserDeleted', { userId: 'u-2' }, at(7))], 0n);
    await catchUp({ store, pool, consumer: usersProjection, batchSize: 1 });

    const incremental = await snapshot();
    expect(incremental).toMatchObject([
      {
        user_id: 'u-1',
        email: 'Ben@Example.com',
        role: 'BROKER',
        client_ids: ['c-1', 'c-2'],
        is_deleted: false,
        version: '5',
      },
      { user_id: 'u-2', is_deleted: true, version: '1' },
    ]);
    expect(incremental[0]!.terms_of_use_date.toISOString()).toBe(at(5));
    const byEmail = await pool.query('select user_id from rm_users where lower(email) = lower($1)', [
      'ben@example.COM',
    ]);
    expect(byEmail.rows).toEqual([{ user_id: 'u-1' }]);

    await resetConsumer(pool, usersProjection);
    await catchUp({ store, pool, consumer: usersProjection });
    expect(await snapshot()).toEqual(incremental);
  });

  it('keeps every sent e-mail with its body', async () => {
    await store.append(
      emailStream('e-1'),
      [
        event(
          'EmailSent',
          {
            emailId: 'e-1',
            to: ['a@example.com'],
            subject: 'Hi',
            body: 'Open https://x/activate?token=t',
            clientId: null,
          },
          '2026-05-01T10:00:00.000Z',
        ),
      ],
      'no_stream',
    );
    await catchUp({ store, pool, consumer: emailsProjection });
    const { rows } = await pool.query('select id, "to", subject, body from rm_emails');
    expect(rows).toEqual([
      { id: 'e-1', to: 'a@example.com', subject: 'Hi', body: 'Open https://x/activate?token=t' },
    ]);
  });
});
