-- Up Migration
-- The throttle's counters (rate-limiter-flexible's PostgreSQL store), shared by every replica: one row per
-- limited key (`<scope>:<address or hashed account>`), its points in the window and when the window ends
-- (epoch milliseconds). Expired rows are deleted by the limiter itself.
create table if not exists rate_limits (
  key text primary key,
  points integer not null default 0,
  expire bigint
);
create index if not exists rate_limits_by_expiry on rate_limits (expire);

