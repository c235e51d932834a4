-- Up Migration
-- An error report keeps its own event's bytes (not the whole envelope it came in) and their size, so the
-- table is capped by total bytes, the oldest dropped first (platform/src/error-reporting/reporter.ts);
-- the rows kept before hold their whole envelope, counted at its size until the cap drops them. The
-- analytics events carry their size too, capped the same way (command-api/src/analytics/routes.ts).
alter table error_reports rename column envelope to event;
alter table error_reports add column if not exists size_bytes integer not null default 0;
update error_reports set size_bytes = octet_length(event) + octet_length(message);
alter table analytics_events add column if not exists size_bytes integer not null default 0;
update analytics_events
  set size_bytes = octet_length(properties::text) + octet_length(event) + coalesce(octet_length(anonymous_id), 0);
