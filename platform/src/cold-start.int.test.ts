import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { emailReservationStream, userStream } from '@onboard/events';
import { freshDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig, type Service } from './config.ts';
import { migrate, pendingMigrations } from './database/migrations.ts';
import { DEMO_USERS } from './seed.ts';
import { apiClient } from './testing/http-client.ts';

/** Any number of processes may start at once on an empty database: migrations and seeding take locks. */
describe('a cold start of many processes at once', () => {
  const pools: pg.Pool[] = [];
  const apps: RunningApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.stop()));
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it('five migrations at once on an empty database: no error, each migration applied once', async () => {
    const url = await freshDatabase('cold_migrate');
    const open = () => {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      pools.push(pool);
      return pool;
    };
    const runs = await Promise.all([1, 2, 3, 4, 5].map(() => migrate(open())));
    const applied = runs.flatMap((run) =>
      run.flatMap((owner) => owner.applied.map((m) => `${owner.owner}/${m}`)),
    );
    expect(applied.length).toBeGreaterThan(0);
    expect(new Set(applied).size).toBe(applied.length);
    expect(await pendingMigrations(open())).toEqual([]);
  });

  it('every process type at once, migrating and seeding: all start, each demo user once and able to sign in', async () => {
    const url = await freshDatabase('cold_start');
    const topology: { services: Service[]; seed: boolean }[] = [
      { services: ['command-api'], seed: true },
      { services: ['command-api'], seed: true },
      { services: ['projections'], seed: false },
      { services: ['projections'], seed: false },
      { services: ['workers'], seed: false },
      { services: ['query-api'], seed: false },
    ];
    const started = await Promise.allSettled(
      topology.map(({ services, seed }) =>
        startApp(
          embeddedTestConfig(url, { services, seedDemoData: seed, migrateOnStart: true, webDist: null }),
        ),
      ),
    );
    for (const outcome of started) if (outcome.status === 'fulfilled') apps.push(outcome.value);
    expect(started.filter((o) => o.status === 'rejected')).toEqual([]);

    const commandApi = apps[0]!;
    for (const user of DEMO_USERS) {
      const registered = (await commandApi.store.readStream(userStream(user.id))).filter(
        (e) => e.type === 'UserRegistered',
      );
      expect(registered).toHaveLength(1);
      const reservations = await commandApi.store.readStream(emailReservationStream(user.email));
      expect(reservations.map((e) => e.type)).toEqual(['EmailReserved']);
      // Sign-in goes through the second command-api replica: the one that lost the seeding race.
      expect(await apiClient(apps[1]!.url).signIn(user.email)).toMatchObject({ userId: user.id });
    }
  });
});
