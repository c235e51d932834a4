import type pg from 'pg';
import type { DocumentStore } from '@onboard/domain';
import type { AppConfig } from '../config.ts';
import { createHttpRelayDocumentStore } from './http-relay.ts';
import { createPostgresDocumentStore } from './postgres.ts';
import { createS3DocumentStore } from './s3.ts';

export { createHttpRelayDocumentStore } from './http-relay.ts';
export { createPostgresDocumentStore } from './postgres.ts';
export { createS3DocumentStore, type S3DocumentStoreConfig } from './s3.ts';

/** The document store the configuration names (the built-in table; S3 with DOCUMENTS_S3_BUCKET; a relay with ONBOARD_DOCUMENT_BASE_URL). */
export async function connectDocumentStore(
  config: AppConfig,
  pool: pg.Pool,
  now: () => Date,
): Promise<DocumentStore> {
  if (config.documentStore.kind === 'http') return createHttpRelayDocumentStore(config.documentStore.baseUrl);
  if (config.documentStore.kind === 's3') return createS3DocumentStore(config.documentStore);
  return createPostgresDocumentStore(pool, now);
}
