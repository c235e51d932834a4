import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DocumentStore, StoredDocument } from '@onboard/domain';

/**
 * The built-in document store: files in a plain table, not events (a file is large, never edited, and
 * must be deletable). Idempotent: every service runs it at start.
 */
export async function migrateDocuments(pool: pg.Pool): Promise<void> {
  // One statement list is one transaction: the advisory lock keeps replicas starting together apart.
  await pool.query(`
    select pg_advisory_xact_lock(hashtext('onboard-documents-migrate'));
    create table if not exists documents (
      document_id text primary key,
      name text not null,
      mime_type text not null,
      size int not null,
      sha256 text not null,
      content bytea not null,
      uploaded_by text not null,
      created_at timestamptz not null
    )`);
}

type MetaRow = { name: string; mime_type: string; size: number };

export function createPostgresDocumentStore(pool: pg.Pool, now: () => Date): DocumentStore {
  return {
    async get(documentId) {
      const { rows } = await pool.query<MetaRow & { content: Buffer }>(
        'select name, mime_type, size, content from documents where document_id = $1',
        [documentId],
      );
      const row = rows[0];
      return row ? { bytes: row.content, mimeType: row.mime_type, name: row.name } : null;
    },
    async put(file): Promise<StoredDocument> {
      const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // The same id again keeps the first file (the seed stores its demo file on every start).
      await pool.query(
        `insert into documents (document_id, name, mime_type, size, sha256, content, uploaded_by, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (document_id) do nothing`,
        [file.documentId, file.name, file.mimeType, bytes.length, sha256, bytes, file.uploadedBy, now()],
      );
      const { rows } = await pool.query<MetaRow>(
        'select name, mime_type, size from documents where document_id = $1',
        [file.documentId],
      );
      const row = rows[0]!;
      return { documentId: file.documentId, name: row.name, mimeType: row.mime_type, size: row.size };
    },
  };
}
