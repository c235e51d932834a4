-- Up Migration
-- The enrollment and onboarding resources of every client (projections/src/resources.ts), one row per
-- resource that has not been removed: a link (url) or a document in the document store (document_id and
-- the file's name, type and size).
create table if not exists rm_resources (
  client_id text not null,
  resource_id text not null,
  title text not null,
  description text not null,
  benefit_type text not null,
  audiences text[] not null,
  kind text not null,
  url text,
  document_id text,
  file_name text,
  mime_type text,
  size bigint,
  version integer not null,
  added_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (client_id, resource_id)
);
