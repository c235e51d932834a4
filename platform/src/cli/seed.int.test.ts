import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { emailReservationStream, userStream } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { freshDatabase } from '@onboard/testing/db';
import { DEMO_USERS } from '../seed.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('npm run seed', () => {
  it('seeds the demo data once, even run twice at once', async () => {
    const databaseUrl = await freshDatabase('seed_cli');
    const env = {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(48).toString('base64'),
      PUBLIC_URL: 'https://onboard.carrier.example',
      // Against a distributed database the demo users need a password of the operator's, never the published one.
      ONBOARD_DEMO_PASSWORD: 'Seed-Cli-Test-Pass-42!',
      LOG_LEVEL: 'warn',
    };
    const tsx = (script: string) => run(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env });
    await tsx('platform/src/cli/migrate.ts');
    const outputs = await Promise.all([tsx('platform/src/cli/seed.ts'), tsx('platform/src/cli/seed.ts')]);
    for (const { stdout } of outputs) expect(stdout).toContain('Demo data seeded.');

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const store = createPostgresEventStore({ pool, connectionString: databaseUrl });
    try {
      for (const user of DEMO_USERS) {
        const events = await store.readStream(userStream(user.id));
        expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
        expect((await store.readStream(emailReservationStream(user.email))).map((e) => e.type)).toEqual([
          'EmailReserved',
        ]);
      }
      const { rows } = await pool.query<{ n: number }>(
        'select count(*)::int as n from auth_credentials where password_hash is not null',
      );
      expect(rows[0]!.n).toBe(DEMO_USERS.length);
    } finally {
      await store.close();
      await pool.end();
    }
  }, 120_000);
});
