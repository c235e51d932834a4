import type { DocumentStore } from '@onboard/domain';

/**
 * A document store outside this product (ONBOARD_DOCUMENT_BASE_URL): a file is `GET <base>/<documentId>`.
 * This server only reads from it; files are uploaded there by whatever owns it.
 */
export function createHttpRelayDocumentStore(baseUrl: string): DocumentStore {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async get(documentId) {
      const upstream = await fetch(`${base}/${encodeURIComponent(documentId)}`).catch(() => null);
      if (!upstream?.ok) return null;
      return {
        bytes: new Uint8Array(await upstream.arrayBuffer()),
        mimeType: upstream.headers.get('content-type') ?? 'application/octet-stream',
        name: documentId,
      };
    },
    put: null,
  };
}
