-- Up Migration
-- The census columns confirmed last (projections/src/census-mappings.ts): one row for each client, and
-- one for each benefits-administration platform a policy's EIF names (its name squashed to letters and
-- digits), so the next census upload of the client, or of a client on the same platform, starts from them.
create table if not exists rm_census_mappings (
  scope text not null check (scope in ('CLIENT', 'PLATFORM')),
  scope_key text not null,
  platform text,
  client_id text not null,
  document_id text not null,
  file_name text not null,
  headers jsonb not null,
  mapping jsonb not null,
  confirmed_at timestamptz not null,
  primary key (scope, scope_key)
);
