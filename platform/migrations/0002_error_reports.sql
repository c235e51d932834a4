-- Up Migration
-- Error reports kept when no error-reporting service (SENTRY_DSN) is configured: the web's errors that
-- arrive through the tunnel (POST /api/sentry) and the server's own, read by staff at /error-reports/admin.
create table if not exists error_reports (
  report_id bigserial primary key,
  source text not null check (source in ('web', 'server')),
  event_id text,
  level text not null,
  message text not null,
  url text,
  release text,
  environment text,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now(),
  envelope text not null
);
create index if not exists error_reports_newest on error_reports (received_at desc, report_id desc);
