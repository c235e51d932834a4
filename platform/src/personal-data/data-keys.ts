import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { scopeKey, type DataKey, type DataKeys, type DataKeyScope } from '@onboard/events';
import type { KeyEncryptionKey } from './kek.ts';

/** How long a process trusts a data key it holds: a key destroyed elsewhere stops opening within it. */
const HELD_MS = 30_000;

export type DataKeyService = DataKeys & {
  /** The keyed reference of an employee within a client: what the data keys table and events name. */
  employeeReference: (clientId: string, employeeId: string) => Promise<string>;
  /** Whether a live data key exists for the client (employeeRef null), or for one employee of it. */
  hasKeys: (clientId: string, employeeRef: string | null) => Promise<boolean>;
  /**
   * Destroys the data keys of a client (every key: the client's and each employee's), or of one employee;
   * answers how many keys were destroyed.
   */
  destroy: (clientId: string, employeeRef: string | null, options?: { madeBefore?: Date }) => Promise<number>;
};

/**
 * The data keys, kept wrapped by the key-encryption key in `personal_data_keys` (platform migration 0011).
 * An employee's key is found by a reference derived from the employee's id with the client's own data key
 * (HMAC-SHA256), so the table names nobody, and once the client's key is gone nobody can be linked either.
 */
export function postgresDataKeys(pool: pg.Pool, kek: KeyEncryptionKey): DataKeyService {
  const held = new Map<string, { key: Buffer | null; until: number }>();
  const sealing = new Map<string, { key: DataKey; until: number }>();

  const hold = (keyId: string, key: Buffer | null) => held.set(keyId, { key, until: Date.now() + HELD_MS });

  async function liveKey(clientId: string, employeeRef: string | null): Promise<DataKey> {
    const find = () =>
      pool.query<{ key_id: string; wrapped: Buffer }>(
        `select key_id, wrapped from personal_data_keys
          where client_id = $1 and coalesce(employee_ref, '') = $2 and destroyed_at is null`,
        [clientId, employeeRef ?? ''],
      );
    let found = (await find()).rows[0];
    if (!found) {
      const key = randomBytes(32);
      await pool.query(
        `insert into personal_data_keys (key_id, client_id, employee_ref, wrapped, kek_id)
         values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [randomBytes(9).toString('base64url'), clientId, employeeRef, await kek.wrap(key), kek.id],
      );
      found = (await find()).rows[0];
      if (!found) throw new Error('No data key after making one');
    }
    const key = await kek.unwrap(found.wrapped);
    hold(found.key_id, key);
    return { keyId: found.key_id, key };
  }

  async function clientKey(clientId: string): Promise<DataKey> {
    const scope = scopeKey({ clientId, employee: null });
    const cached = sealing.get(scope);
    if (cached && cached.until > Date.now()) return cached.key;
    const key = await liveKey(clientId, null);
    sealing.set(scope, { key, until: Date.now() + HELD_MS });
    return key;
  }

  async function employeeReference(clientId: string, employeeId: string): Promise<string> {
    const { key } = await clientKey(clientId);
    return createHmac('sha256', key)
      .update(`employee\u001f${employeeId.trim()}`)
      .digest('base64url')
      .slice(0, 22);
  }

  async function keyOf(scope: DataKeyScope): Promise<DataKey> {
    if (scope.employee === null) return clientKey(scope.clientId);
    const name = scopeKey(scope);
    const cached = sealing.get(name);
    if (cached && cached.until > Date.now()) return cached.key;
    const key = await liveKey(scope.clientId, await employeeReference(scope.clientId, scope.employee));
    sealing.set(name, { key, until: Date.now() + HELD_MS });
    return key;
  }

  return {
    employeeReference,
    async forSealing(scopes) {
      const keys = new Map<string, DataKey>();
      for (const scope of scopes) keys.set(scopeKey(scope), await keyOf(scope));
      return keys;
    },
    async forOpening(keyIds) {
      const keys = new Map<string, Buffer | null>();
      const missing: string[] = [];
      for (const keyId of keyIds) {
        const cached = held.get(keyId);
        if (cached && cached.until > Date.now()) keys.set(keyId, cached.key);
        else missing.push(keyId);
      }
      if (missing.length > 0) {
        const { rows } = await pool.query<{ key_id: string; wrapped: Buffer | null }>(
          'select key_id, wrapped from personal_data_keys where key_id = any($1)',
          [missing],
        );
        const wrapped = new Map(rows.map((r) => [r.key_id, r.wrapped]));
        for (const keyId of missing) {
          const one = wrapped.get(keyId);
          const key = one ? await kek.unwrap(one) : null;
          hold(keyId, key);
          keys.set(keyId, key);
        }
      }
      return keys;
    },
    async hasKeys(clientId, employeeRef) {
      const { rows } = await pool.query(
        `select 1 from personal_data_keys
          where client_id = $1 and coalesce(employee_ref, '') = $2 and destroyed_at is null`,
        [clientId, employeeRef ?? ''],
      );
      return rows.length > 0;
    },
    async destroy(clientId, employeeRef, options = {}) {
      const { rows } = await pool.query<{ key_id: string }>(
        `update personal_data_keys set wrapped = null, destroyed_at = now()
          where client_id = $1 and destroyed_at is null and ($2::text is null or employee_ref = $2)
            and ($3::timestamptz is null or created_at < $3)
          returning key_id`,
        [clientId, employeeRef, options.madeBefore ?? null],
      );
      for (const { key_id } of rows) hold(key_id, null);
      for (const name of [...sealing.keys()]) if (name.startsWith(`${clientId}\u001f`)) sealing.delete(name);
      return rows.length;
    },
  };
}
