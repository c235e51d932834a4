import type { DocumentStore } from '@onboard/domain';
import {
  isSealedBytes,
  openBytes,
  scopeKey,
  sealBytes,
  sealedBytesKeyId,
  type DataKeys,
} from '@onboard/events';

/**
 * The document store with files of personal data (a census, its error workbook, an 834) sealed with their
 * client's data key: a file put with `personalData` is kept sealed, and read opened. Once the key is
 * destroyed the file reads as gone (null), as a file never stored does.
 */
export function sealDocuments(inner: DocumentStore, keys: DataKeys): DocumentStore {
  const put = inner.put;
  return {
    async get(documentId) {
      const file = await inner.get(documentId);
      if (!file || !isSealedBytes(file.bytes)) return file;
      const keyId = sealedBytesKeyId(file.bytes);
      const key = (await keys.forOpening([keyId])).get(keyId);
      return key ? { ...file, bytes: openBytes(file.bytes, key) } : null;
    },
    put: put
      ? async (file) => {
          if (!file.personalData) return put(file);
          const scope = { clientId: file.personalData.clientId, employee: null };
          const { keyId, key } = (await keys.forSealing([scope])).get(scopeKey(scope))!;
          const stored = await put({ ...file, bytes: sealBytes(file.bytes, keyId, key) });
          return { ...stored, size: file.bytes.byteLength };
        }
      : null,
  };
}
