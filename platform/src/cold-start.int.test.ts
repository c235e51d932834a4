import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { emailReservationStream, userStream } from '@onboard/events';
import { freshDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig, type Service } from './config.ts';
import { migrate, pendingMigrations } from './database/migrations.ts';
import { DEMO_USERS } from './seed.ts';
import { projections } from '@onboard/projections';
import { apiClient, eventually } from './testing/http-client.ts';

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

  it('a projections process whose pool cannot hold its runners refuses to start', async () => {
    const url = await freshDatabase('cold_pool');
    await expect(
      startApp(
        embeddedTestConfig(url, {
          services: ['projections'],
          pgPoolMax: 5,
          migrateOnStart: true,
          webDist: null,
        }),
      ),
    ).rejects.toThrow(/PG_POOL_MAX is 5: projections needs at least \d+ \(\d+ runners/);
  });

  it('every process type at once, migrating and seeding: all start, each health names its own runners, each demo user once and able to sign in', async () => {
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

    // Each replica's health names only what it runs: a projection kept whole active on exactly one of the
    // two projections replicas (the other its standby), one split into partitions active on both (each
    // holds its share), the reactors on workers, nothing on the APIs.
    type Consumer = { name: string; isActive: boolean };
    await eventually(async () => {
      const health = await Promise.all(
        apps.map(async (app) => (await apiClient(app.url).get('/api/health')).body),
      );
      expect(new Set(health.map((h: { replica: string }) => h.replica)).size).toBe(apps.length);
      for (const api of [health[0], health[1], health[5]]) expect(api.consumers).toEqual([]);
      const [first, second] = [health[2].consumers as Consumer[], health[3].consumers as Consumer[]];
      expect(first.map((c) => c.name)).toEqual(projections.map((p) => p.name));
      expect(second.map((c) => c.name)).toEqual(projections.map((p) => p.name));
      for (const [i, consumer] of first.entries()) {
        const isSplit = (projections[i]!.partitions ?? 1) > 1;
        if (isSplit) expect([consumer.isActive, second[i]!.isActive], consumer.name).toEqual([true, true]);
        else expect(consumer.isActive, consumer.name).not.toBe(second[i]!.isActive);
      }
      expect((health[4].consumers as Consumer[]).map((c) => [c.name, c.isActive])).toEqual([
        ['bus-publisher', true],
        ['qps-push', true],
        ['client-base', true],
        ['client-notifications', true],
        ['onboarding-form-notifications', true],
      ]);
    }, 20_000);

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
