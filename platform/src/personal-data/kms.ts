import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import type { KeyEncryptionKey } from './kek.ts';

export type KmsSettings = {
  /** The KMS key's id, ARN or alias (alias/onboard-data). */
  keyId: string;
  region: string;
  /** An endpoint of its own (a KMS-compatible server); the region's AWS endpoint when null. */
  endpoint: string | null;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * AWS KMS as the key-encryption key (distributed topology): KMS encrypts and decrypts each data key, the
 * key itself never leaves KMS. The client id is bound as encryption context, so a wrapped data key
 * cannot be passed off as another's.
 */
export function kmsKek(settings: KmsSettings): KeyEncryptionKey & { client: KMSClient } {
  const client = new KMSClient({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const context = { purpose: 'onboard-data-key' };
  return {
    client,
    id: `kms:${settings.keyId}`,
    async wrap(dataKey) {
      const answer = await client.send(
        new EncryptCommand({ KeyId: settings.keyId, Plaintext: dataKey, EncryptionContext: context }),
      );
      if (!answer.CiphertextBlob) throw new Error('KMS answered no ciphertext');
      return Buffer.from(answer.CiphertextBlob);
    },
    async unwrap(wrapped) {
      const answer = await client.send(
        new DecryptCommand({ KeyId: settings.keyId, CiphertextBlob: wrapped, EncryptionContext: context }),
      );
      if (!answer.Plaintext) throw new Error('KMS answered no plaintext');
      return Buffer.from(answer.Plaintext);
    },
  };
}
