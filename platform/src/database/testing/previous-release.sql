-- A database as the release before versioned migrations left it: the tables its start-up functions
-- created (no migrations tables), with data in them. Frozen: it stands for databases already in use.
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
create table if not exists auth_credentials (
  user_id text primary key,
  password_hash text,
  password_set_at timestamptz,
  totp_secret text,
  totp_pending_secret text,
  failed_attempts int not null default 0,
  locked_until timestamptz
);
create table if not exists auth_exchange_tokens (
  token_hash text primary key,
  user_id text not null,
  remember_device boolean not null default false,
  expires_at timestamptz not null,
  used_at timestamptz
);
create table if not exists auth_sessions (
  id text primary key,
  user_id text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index if not exists auth_sessions_user on auth_sessions (user_id);
create table if not exists auth_refresh_tokens (
  token_hash text primary key,
  session_id text not null references auth_sessions (id) on delete cascade,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create table if not exists auth_devices (
  token_hash text primary key,
  user_id text not null,
  expires_at timestamptz not null
);
create index if not exists auth_devices_user on auth_devices (user_id);
create table if not exists auth_link_tokens (
  token_hash text primary key,
  user_id text not null,
  purpose text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists auth_link_tokens_user on auth_link_tokens (user_id);
create table if not exists outside_signer_actions (
  action_hash text primary key,
  client_id text not null,
  step_id text not null,
  email text not null,
  first_name text not null,
  last_name text not null,
  invited_by text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  completed_at timestamptz
);
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
create table if not exists rm_clients (
  client_id text primary key,
  name text not null default '',
  version bigint not null,
  state jsonb not null,
  updated_at timestamptz not null
);
create table if not exists rm_change_details (
  change_id uuid not null,
  attribute_key text not null,
  client_id text not null,
  entity text not null,
  entity_id text not null,
  action text not null,
  value jsonb,
  previous_value jsonb,
  status text not null,
  created_at timestamptz not null,
  created_by_user jsonb not null,
  decided_at timestamptz,
  position_commit numeric(20) not null,
  position_prepare numeric(20) not null,
  primary key (change_id, attribute_key)
);
create index if not exists rm_change_details_client on rm_change_details (client_id, position_commit, position_prepare);
create table if not exists rm_users (
  user_id text primary key,
  email text not null,
  role text not null,
  first_name text not null,
  last_name text not null,
  phone_number text,
  client_ids text[] not null default '{}',
  welcome_email_sent_date timestamptz,
  first_password_set timestamptz,
  last_password_set timestamptz,
  is_mfa_enrolled boolean not null default false,
  terms_of_use_date timestamptz,
  first_login timestamptz,
  last_login timestamptz,
  is_deleted boolean not null default false,
  version bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists rm_users_email on rm_users (lower(email)) where not is_deleted;
create index if not exists rm_users_client_ids on rm_users using gin (client_ids);
create table if not exists rm_emails (
  id text primary key,
  "to" text not null,
  subject text not null,
  body text not null,
  client_id text,
  created_at timestamptz not null
);
create index if not exists rm_emails_to on rm_emails (lower("to"), created_at);
create table if not exists rm_api_jobs (
  api_job_id text primary key,
  client_id text not null,
  status text not null,
  reasons jsonb not null default '[]',
  requested_by jsonb,
  requested_at timestamptz not null,
  updated_at timestamptz not null,
  position_commit numeric(20) not null,
  position_prepare numeric(20) not null
);
create index if not exists rm_api_jobs_client on rm_api_jobs (client_id, position_commit desc, position_prepare desc);
create table if not exists rm_explorer_pages (
  explorer_page_id text primary key,
  client_id text not null,
  page_owner text not null,
  vanity_slug text,
  name text not null,
  starts_at timestamptz,
  page jsonb not null,
  is_deleted boolean not null default false,
  version bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists rm_explorer_pages_slug on rm_explorer_pages (vanity_slug) where not is_deleted;
create index if not exists rm_explorer_pages_client on rm_explorer_pages (client_id);
create index if not exists rm_explorer_pages_owner on rm_explorer_pages (page_owner);
create table if not exists rm_explorer_support_conversations (
  conversation_id text primary key,
  explorer_page_id text not null,
  department text not null,
  language text not null,
  started_at timestamptz not null,
  last_message_at timestamptz
);
create index if not exists rm_explorer_support_conversations_page on rm_explorer_support_conversations (explorer_page_id, started_at);
create table if not exists rm_explorer_support_messages (
  message_id text primary key,
  conversation_id text not null,
  author text not null,
  author_id text,
  text text not null,
  at timestamptz not null
);
create index if not exists rm_explorer_support_messages_conversation on rm_explorer_support_messages (conversation_id, at);

insert into es_events (event_id, stream_name, stream_revision, event_type, data, metadata) values (
  '4d4b2c1e-0f0a-4d7e-9a51-3c1b8f6a2e10', 'eif-client-before', 0, 'EifEntityCreated',
  '{"clientId": "client-before", "entity": "Client", "entityId": "client-before", "attributes": {"name": "Harbor Bakery"}}',
  '{"actorId": "owner-1", "actorRole": "SLF_OWNER", "occurredAt": "2026-10-01T09:00:00.000Z", "correlationId": "c-before"}'
);
insert into es_streams (stream_name, revision) values ('eif-client-before', 0);
insert into rm_clients (client_id, name, version, state, updated_at)
  values ('client-before', 'Harbor Bakery', 0, '{}', '2026-10-01T09:00:00Z');
insert into checkpoints (name, commit_position, prepare_position) values ('client-view', 1, 1);
insert into auth_credentials (user_id, password_hash, password_set_at)
  values ('owner-1', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', '2026-10-01T09:00:00Z');
insert into rm_users (user_id, email, role, first_name, last_name, version, created_at, updated_at)
  values ('owner-1', 'owner@carrier.example', 'SLF_OWNER', 'Olive', 'Owner', 0, '2026-10-01T09:00:00Z', '2026-10-01T09:00:00Z');
insert into documents (document_id, name, mime_type, size, sha256, content, uploaded_by, created_at)
  values ('doc-1', 'Plan summary.pdf', 'application/pdf', 4, 'x', '\x25504446', 'owner-1', '2026-10-01T09:00:00Z');
