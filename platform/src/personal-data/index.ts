import type pg from 'pg';
import type { AppConfig } from '../config.ts';
import { postgresDataKeys, type DataKeyService } from './data-keys.ts';
import { environmentKek, keyFromFile, type KeyEncryptionKey } from './kek.ts';

export type { DataKeyService } from './data-keys.ts';
export { listenForDestroyedKeys } from './data-keys.ts';

/** The key-encryption key the configuration names; the KMS client loads only when configured. */
async function connectKeyEncryptionKey(setting: AppConfig['keyEncryptionKey']): Promise<KeyEncryptionKey> {
  if (setting.kind === 'kms') {
    const { kmsKek } = await import('./kms.ts');
    return kmsKek({ keyId: setting.keyId, region: setting.region, endpoint: setting.endpoint });
  }
  return environmentKek(setting.kind === 'file' ? keyFromFile(setting.file) : setting.key);
}

export async function connectDataKeys(config: AppConfig, pool: pg.Pool): Promise<DataKeyService> {
  return postgresDataKeys(pool, await connectKeyEncryptionKey(config.keyEncryptionKey));
}
