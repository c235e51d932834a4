-- Up Migration
-- The PostgreSQL event store (append-only events, stream revisions), the snapshots beside it, and the
-- checkpoints of every subscription. `if not exists` throughout: a database created by the release
-- before versioned migrations already has these tables and keeps them as they are.
create table if not exists es_events (
  global_position bigserial not null,
  transaction_id xid8 not null default pg_current_xact_id(),
  event_id uuid primary key,
  stream_name text not null,
  stream_revision bigint not null,
  event_type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_name, stream_revision)
);
create index if not exists es_events_by_position on es_events (transaction_id, global_position);
create index if not exists es_events_by_type on es_events (event_type, transaction_id, global_position);
create table if not exists es_streams (
  stream_name text primary key,
  revision bigint not null
);
create table if not exists es_snapshots (
  stream_name text not null,
  revision bigint not null,
  schema text not null,
  state jsonb not null,
  taken_at timestamptz not null default now(),
  primary key (stream_name, revision)
);
create table if not exists checkpoints (
  name text primary key,
  commit_position numeric(20) not null default 0,
  prepare_position numeric(20) not null default 0,
  last_event_recorded_at timestamptz,
  updated_at timestamptz not null default now()
);
