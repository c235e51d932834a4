import { expect } from 'vitest';
import type { Api } from './seeded-app.ts';

/** A census file uploaded to `census` (a policy's census path) as the web does: the file is the body. */
export const uploadCensusFile = (
  api: Api,
  census: string,
  bytes: Uint8Array | string,
  name: string,
  type = 'application/octet-stream',
) => api.upload(`${census}/files`, new Blob([bytes as BlobPart]), type, name);

/** Uploads a census file and submits it for validation with the mapping the server proposed. */
export async function submitCensus(
  api: Api,
  census: string,
  file: { bytes: Uint8Array | string; name: string; type?: string },
  source: string,
): Promise<{ documentId: string; mapping: Record<string, number> }> {
  const uploaded = await uploadCensusFile(api, census, file.bytes, file.name, file.type);
  expect(uploaded.status).toBe(201);
  const document = uploaded.body.document as { documentId: string; mapping: Record<string, number> };
  const confirmed = await api.put(`${census}/validate-submit`, {
    documentId: document.documentId,
    mapping: document.mapping,
    source,
  });
  expect(confirmed.status).toBe(200);
  return document;
}
