-- Up Migration
-- The analytics events the web sends when no Segment write key is configured (platform §7 Analytics events):
-- page, identify and track events (Status Changed, Element Clicked, ...), read by staff as counts per day.
create table if not exists analytics_events (
  id bigserial primary key,
  kind text not null check (kind in ('page', 'identify', 'track')),
  event text not null,
  properties jsonb not null default '{}'::jsonb,
  user_id text,
  anonymous_id text,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);
create index if not exists analytics_events_by_day on analytics_events (received_at, event);
