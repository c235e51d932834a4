/**
 * Personal data in events is sealed leaf by leaf with AES-256-GCM under data keys (envelope encryption):
 * a data key per client, and one per employee of the client for what belongs to one employee (their census
 * rows, their lines of a change view). The data keys are kept wrapped by the key-encryption key, behind
 * this port; destroying a data key (crypto-shredding) leaves every event in place, unreadable where it was
 * sealed with that key.
 */

/** What a data key covers: a client's personal data, or one employee's within the client. */
export type DataKeyScope = {
  clientId: string;
  /** The employee's id as the census carries it (never stored: its keyed reference is). */
  employee: string | null;
};

export type DataKey = { keyId: string; key: Buffer };

export type DataKeys = {
  /**
   * The data key each scope seals with, made (and stored wrapped) on first use. Keyed by `scopeKey`. A scope
   * whose key was destroyed gets a new key: data sealed after an erasure is new data.
   */
  forSealing: (scopes: readonly DataKeyScope[]) => Promise<Map<string, DataKey>>;
  /** The data keys by id; null for a key destroyed (erased) or unknown. */
  forOpening: (keyIds: readonly string[]) => Promise<Map<string, Buffer | null>>;
};

export const scopeKey = (scope: DataKeyScope) => `${scope.clientId}\u001f${scope.employee ?? ''}`;

export { ERASED } from '../catalogue/personal-data-erasure.ts';
