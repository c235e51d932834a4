import type pg from 'pg';

/**
 * Secrets and session state are plain tables, not events: they change on every request, must be
 * deletable, and an event store keeps everything forever. The user stream only records that they
 * changed (UserPasswordSet, UserMfaEnrolled, UserSignedIn). Idempotent: every service runs it at start.
 */
export async function migrateIdentityTables(pool: pg.Pool) {
  // One statement list is one transaction: the advisory lock keeps replicas starting together apart.
  await pool.query(`
    select pg_advisory_xact_lock(hashtext('onboard-identity-migrate'));
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
    create index if not exists auth_link_tokens_user on auth_link_tokens (user_id)`);
}
