export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres.ts';
export { createEventStoreDbEventStore } from './eventstoredb.ts';
