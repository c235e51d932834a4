import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { eventually } from '../testing/http-client.ts';
import { listenForDestroyedKeys, postgresDataKeys, type DestroyedKeysListener } from './data-keys.ts';
import { environmentKek } from './kek.ts';

// Two processes' data keys over one database: an erasure made through one stops the other opening with
// the key it holds well within the time it would otherwise trust it (30 s).
describe('data keys held by several processes', () => {
  let connectionString: string;
  let pool: pg.Pool;
  const listeners: DestroyedKeysListener[] = [];
  const kek = environmentKek(randomBytes(32));

  beforeAll(async () => {
    connectionString = await migratedDatabase('data_keys');
    pool = new pg.Pool({ connectionString, max: 4 });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.close()));
    await pool?.end();
  });

  const aProcess = async (listening: boolean) => {
    const keys = postgresDataKeys(pool, kek);
    if (listening) listeners.push(await listenForDestroyedKeys({ connectionString, keys }));
    return keys;
  };

  it('drops a destroyed key from every listening process at once; one not listening keeps it until it expires', async () => {
    const [eraser, listening, deaf] = [await aProcess(true), await aProcess(true), await aProcess(false)];
    const clientId = `client-${randomBytes(4).toString('hex')}`;
    const other = `client-${randomBytes(4).toString('hex')}`;
    const made = await eraser.forSealing([
      { clientId, employee: 'E1' },
      { clientId: other, employee: null },
    ]);
    const [mine, theirs] = [...made.values()].map((k) => k.keyId) as [string, string];
    for (const keys of [listening, deaf]) {
      const held = await keys.forOpening([mine, theirs]);
      expect(held.get(mine)).not.toBeNull();
      expect(held.get(theirs)).not.toBeNull();
    }

    // The employee's key, and the client's that names them.
    expect(await eraser.destroy(clientId, null)).toBe(2);
    expect((await eraser.forOpening([mine])).get(mine)).toBeNull();
    await eventually(async () => expect((await listening.forOpening([mine])).get(mine)).toBeNull(), 5_000);
    // Another client's key is untouched; a process that hears nothing still opens with the key it holds.
    expect((await listening.forOpening([theirs])).get(theirs)?.equals(made.get(`${other}\u001f`)!.key)).toBe(
      true,
    );
    expect((await deaf.forOpening([mine])).get(mine)).not.toBeNull();
  });
});
