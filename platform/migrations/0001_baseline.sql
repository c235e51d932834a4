-- Up Migration
-- The PostgreSQL bus of the embedded default (messages and consumer positions) and the document store.
create table if not exists bus_messages (
  "offset" bigserial primary key,
  id uuid not null unique,
  topic text not null,
  body jsonb not null,
  published_at timestamptz not null default now(),
  xid xid8 not null default pg_current_xact_id()
);
create index if not exists bus_messages_order on bus_messages (xid, "offset");
create table if not exists bus_consumer_positions (
  group_name text primary key,
  xid xid8 not null,
  "offset" bigint not null,
  updated_at timestamptz not null default now()
);
create table if not exists documents (
  document_id text primary key,
  name text not null,
  mime_type text not null,
  size int not null,
  sha256 text not null,
  content bytea not null,
  uploaded_by text not null,
  created_at timestamptz not null
);
