import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { skipUnless } from '@onboard/testing/backends';
import { migratedDatabase } from '@onboard/testing/db';
import { motoAvailability, startMoto } from '../testing/moto.ts';
import type { DocumentStore } from '@onboard/domain';
import { createPostgresDocumentStore } from './postgres.ts';
import { createS3DocumentStore } from './s3.ts';

// One contract for every document store: the built-in PostgreSQL table (embedded default) and S3-compatible
// object storage (distributed topology). S3 is played by moto's server (PyPI `moto[server]`, installed into
// .tmp/s3-venv by scripts/s3/install.sh): an in-memory S3 that starts in about a second, with no Docker,
// Java or account, speaking the same S3 REST API @aws-sdk/client-s3 sends to AWS.
type Subject = { store: DocumentStore; stop: () => Promise<void> };

async function postgresSubject(): Promise<Subject> {
  const pool = new pg.Pool({ connectionString: await migratedDatabase('docstore'), max: 4 });
  return { store: createPostgresDocumentStore(pool, () => new Date()), stop: () => pool.end() };
}

async function s3Subject(): Promise<Subject> {
  const moto = await startMoto();
  const { endpoint } = moto;
  const store = createS3DocumentStore({
    endpoint,
    region: 'us-east-1',
    bucket: 'onboard-documents',
    accessKeyId: 'test',
    secretAccessKey: 'test',
    forcePathStyle: true,
  });
  await store.client.send(new CreateBucketCommand({ Bucket: 'onboard-documents' }));
  return {
    store,
    stop: async () => {
      store.client.destroy();
      moto.stop();
    },
  };
}

function contract(name: string, make: () => Promise<Subject>, skip = false) {
  describe.skipIf(skip)(`the document store contract: ${name}`, () => {
    let subject: Subject;
    let store: DocumentStore;
    beforeAll(async () => {
      subject = await make();
      store = subject.store;
    }, 120_000);
    afterAll(async () => {
      await subject?.stop();
    });

    const key = () => `clients/lakeside/documents/${randomUUID()}`;

    it('keeps a file and answers the same bytes, name and type', async () => {
      const documentId = key();
      const bytes = new Uint8Array(randomBytes(64 * 1024));
      const name = 'Prior carrier bill “May” – café.pdf';
      const stored = await store.put!({
        documentId,
        bytes,
        mimeType: 'application/pdf',
        name,
        uploadedBy: 'u1',
      });
      expect(stored).toEqual({ documentId, name, mimeType: 'application/pdf', size: bytes.byteLength });
      const read = await store.get(documentId);
      expect(read?.name).toBe(name);
      expect(read?.mimeType).toBe('application/pdf');
      expect(Buffer.from(read!.bytes).equals(Buffer.from(bytes))).toBe(true);
    });

    it('answers null for a key it does not hold', async () => {
      expect(await store.get(key())).toBeNull();
    });

    it('keeps the first file when the same key is put again', async () => {
      const documentId = key();
      const first = new Uint8Array(Buffer.from('first'));
      await store.put!({
        documentId,
        bytes: first,
        mimeType: 'text/plain',
        name: 'one.txt',
        uploadedBy: 'u1',
      });
      const again = await store.put!({
        documentId,
        bytes: new Uint8Array(Buffer.from('second, longer')),
        mimeType: 'text/csv',
        name: 'two.csv',
        uploadedBy: 'u2',
      });
      expect(again).toEqual({ documentId, name: 'one.txt', mimeType: 'text/plain', size: first.byteLength });
      expect(Buffer.from((await store.get(documentId))!.bytes).toString()).toBe('first');
    });

    it('round-trips a 20 MB file byte for byte', async () => {
      const documentId = key();
      const bytes = new Uint8Array(randomBytes(20 * 1024 * 1024));
      await store.put!({ documentId, bytes, mimeType: 'video/mp4', name: 'welcome.mp4', uploadedBy: 'u1' });
      const read = await store.get(documentId);
      expect(read!.bytes.byteLength).toBe(bytes.byteLength);
      expect(Buffer.from(read!.bytes).equals(Buffer.from(bytes))).toBe(true);
    }, 60_000);
  });
}

contract('PostgreSQL (embedded default)', postgresSubject);
contract('S3 (moto server)', s3Subject, skipUnless('moto for the S3 document store', motoAvailability()));
