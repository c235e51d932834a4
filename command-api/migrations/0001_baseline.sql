-- Up Migration
-- Identity (credentials, sessions, refresh tokens, remembered devices, one-time links) and the outside
-- signers' actions: secrets the command side keeps out of the event store.
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
