-- Up Migration
-- The second factor is single-use (RFC 6238 §5.2): the TOTP time steps each user has signed in with, and
-- the MFA state tokens that already led to a session. Shared by every replica; rows older than the
-- accepted window are deleted as new ones arrive.
create table if not exists auth_totp_used_steps (
  user_id text not null,
  time_step bigint not null,
  used_at timestamptz not null,
  primary key (user_id, time_step)
);
create table if not exists auth_used_state_tokens (
  token_hash text primary key,
  expires_at timestamptz not null
);
create index if not exists auth_used_state_tokens_expiry on auth_used_state_tokens (expires_at);

