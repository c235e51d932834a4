import type pg from 'pg';
import type { DocumentStore } from '@onboard/domain';
import type { AppConfig } from '../config.ts';
import { createHttpRelayDocumentStore } from './http-relay.ts';
import { createPostgresDocumentStore } from './postgres.ts';

export { createHttpRelayDocumentStore } from './http-relay.ts';
export { createPostgresDocumentStore } from './postgres.ts';

/** The document store the configuration names (the built-in table unless ONBOARD_DOCUMENT_BASE_URL is set). */
export async function connectDocumentStore(
  config: AppConfig,
  pool: pg.Pool,
  now: () => Date,
): Promise<DocumentStore> {
  if (config.documentStore.kind === 'http') return createHttpRelayDocumentStore(config.documentStore.baseUrl);
  return createPostgresDocumentStore(pool, now);
}
