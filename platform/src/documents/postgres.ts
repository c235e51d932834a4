import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DocumentStore, StoredDocument } from '@onboard/domain';

type MetaRow = { name: string; mime_type: string; size: number };

/**
 * The built-in document store: files in a plain table (platform/migrations), not events: a file is large,
 * never edited, and must be deletable.
 */
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
