-- Up Migration
-- The staff client list (query-api/src/clients/list.ts). The EIF status and the number of pending
-- changes are kept beside the client-view document as generated columns, so filtering and counting
-- thousands of clients never reads (detoasts) the documents themselves; sorting a few thousand narrow rows
-- by name is a top-N sort and needs no index. The partial task indexes serve each client's next open task
-- (the nextDueDate sort, due this week) and its NIGO tasks.
alter table rm_clients
  add column if not exists eif_status text generated always as (state->>'status') stored,
  add column if not exists pending_count int generated always as (
    case jsonb_typeof(state->'pending') when 'array' then jsonb_array_length(state->'pending') else 0 end
  ) stored;
create index if not exists rm_tasks_open_due on rm_tasks (client_id, due_date)
  where status in ('Upcoming', 'Not Started', 'In Progress', 'NIGO');
create index if not exists rm_tasks_nigo on rm_tasks (client_id) where status = 'NIGO';
create index if not exists rm_client_lifecycle_drafts on rm_client_lifecycle (client_id) where is_draft;
