-- Up Migration
-- A client's life apart from its form (projections/src/client-lifecycle.ts): profile, draft, archive,
-- deletion, release, setup and each person's welcome flow. A client from before this table has no row:
-- readers take it as active, not archived, not a test, set up.
create table if not exists rm_client_lifecycle (
  client_id text primary key,
  name text not null,
  ticket_id text,
  implementation_type text not null,
  implementation_consultant_user_id text,
  is_test boolean not null default false,
  is_draft boolean not null default false,
  is_archived boolean not null default false,
  deleted_at timestamptz,
  release_status text,
  policies jsonb not null default '[]',
  setup_steps jsonb not null default '{}',
  completed_setup_at timestamptz,
  welcome_completed jsonb not null default '{}',
  created_at timestamptz not null,
  -- the stream revision the row reflects (the If-Match value of the next lifecycle write)
  version bigint not null default 0
);
create index if not exists rm_client_lifecycle_ic on rm_client_lifecycle (implementation_consultant_user_id);
