import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { scopeKey, type DataKey, type DataKeys, type DataKeyScope } from '@onboard/events';
import { LISTENER_RETRY, createSubscriber } from '../bus/postgres-bus.ts';
import type { KeyEncryptionKey } from './kek.ts';

/**
 * How long a process trusts a data key it holds when it hears nothing: a destruction is announced to
 * every process at once (`listenForDestroyedKeys`), this only bounds one whose announcement was lost.
 */
const HELD_MS = 30_000;
/** The channel on which a destruction of data keys names its client (PostgreSQL NOTIFY). */
const DESTROYED_CHANNEL = 'onboard_data_keys_destroyed';

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
  /** Drops the keys this process holds of a client (null: of every client); they are read again when used. */
  forget: (clientId: string | null) => void;
};

/** The live key row of a client (or one of its employees), made first when there is none. */
async function liveKeyRow(
  pool: pg.Pool,
  kek: KeyEncryptionKey,
  clientId: string,
  employeeRef: string | null,
) {
  const find = () =>
    pool.query<{ key_id: string; wrapped: Buffer }>(
      `select key_id, wrapped from personal_data_keys
        where client_id = $1 and coalesce(employee_ref, '') = $2 and destroyed_at is null`,
      [clientId, employeeRef ?? ''],
    );
  const found = (await find()).rows[0];
  if (found) return found;
  await pool.query(
    `insert into personal_data_keys (key_id, client_id, employee_ref, wrapped, kek_id)
     values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [randomBytes(9).toString('base64url'), clientId, employeeRef, await kek.wrap(randomBytes(32)), kek.id],
  );
  const made = (await find()).rows[0];
  if (!made) throw new Error('No data key after making one');
  return made;
}

/**
 * Destroys the live keys of a client (or one employee's; only those made before `madeBefore` when given)
 * and announces it: the destruction and its announcement commit together (PostgreSQL sends one notice per
 * payload). Answers the ids destroyed.
 */
async function destroyKeys(
  pool: pg.Pool,
  clientId: string,
  employeeRef: string | null,
  madeBefore: Date | null,
): Promise<string[]> {
  const { rows } = await pool.query<{ key_id: string }>(
    `with destroyed as (
       update personal_data_keys set wrapped = null, destroyed_at = now()
        where client_id = $1 and destroyed_at is null and ($2::text is null or employee_ref = $2)
          and ($3::timestamptz is null or created_at < $3)
        returning key_id)
     select key_id, pg_notify($4, to_json($1::text)::text) from destroyed`,
    [clientId, employeeRef, madeBefore, DESTROYED_CHANNEL],
  );
  return rows.map((row) => row.key_id);
}

/**
 * The data keys, kept wrapped by the key-encryption key in `personal_data_keys` (platform migration 0011).
 * An employee's key is found by a reference derived from the employee's id with the client's own data key
 * (HMAC-SHA256), so the table names nobody, and once the client's key is gone nobody can be linked either.
 */
export function postgresDataKeys(pool: pg.Pool, kek: KeyEncryptionKey): DataKeyService {
  const held = new Map<string, { key: Buffer | null; clientId: string; until: number }>();
  const sealing = new Map<string, { key: DataKey; until: number }>();

  const hold = (keyId: string, clientId: string, key: Buffer | null) =>
    held.set(keyId, { key, clientId, until: Date.now() + HELD_MS });
  const forget = (clientId: string | null) => {
    for (const [keyId, one] of held) if (clientId === null || one.clientId === clientId) held.delete(keyId);
    for (const name of sealing.keys())
      if (clientId === null || name.startsWith(`${clientId}\u001f`)) sealing.delete(name);
  };

  async function liveKey(clientId: string, employeeRef: string | null): Promise<DataKey> {
    const found = await liveKeyRow(pool, kek, clientId, employeeRef);
    const key = await kek.unwrap(found.wrapped);
    hold(found.key_id, clientId, key);
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
        const { rows } = await pool.query<{ key_id: string; client_id: string; wrapped: Buffer | null }>(
          'select key_id, client_id, wrapped from personal_data_keys where key_id = any($1)',
          [missing],
        );
        const found = new Map(rows.map((r) => [r.key_id, r]));
        for (const keyId of missing) {
          const one = found.get(keyId);
          const key = one?.wrapped ? await kek.unwrap(one.wrapped) : null;
          // An unknown id is not held: it may be a key another process is making.
          if (one) hold(keyId, one.client_id, key);
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
      const destroyed = await destroyKeys(pool, clientId, employeeRef, options.madeBefore ?? null);
      forget(clientId);
      for (const keyId of destroyed) hold(keyId, clientId, null);
      return destroyed.length;
    },
    forget,
  };
}

export type DestroyedKeysListener = { close: () => Promise<void> };

/**
 * Every process hears of a destruction of data keys, wherever it was made, and drops what it holds of that
 * client at once (PostgreSQL LISTEN on a connection of its own; every topology keeps the keys there). On
 * each (re)connect it drops every key it holds, since an announcement sent while disconnected is lost.
 */
export async function listenForDestroyedKeys(options: {
  connectionString: string;
  keys: Pick<DataKeyService, 'forget'>;
  onError?: (error: Error) => void;
}): Promise<DestroyedKeysListener> {
  const subscriber = createSubscriber(
    { connectionString: options.connectionString, application_name: 'onboard-data-keys-listener' },
    LISTENER_RETRY,
  );
  subscriber.events.on('error', (error) => options.onError?.(error));
  subscriber.events.on('connected', () => options.keys.forget(null));
  subscriber.notifications.on(DESTROYED_CHANNEL, (clientId: unknown) =>
    options.keys.forget(typeof clientId === 'string' ? clientId : null),
  );
  await subscriber.connect();
  await subscriber.listenTo(DESTROYED_CHANNEL);
  return { close: () => subscriber.close() };
}
