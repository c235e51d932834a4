-- Up Migration
-- The staff client list (query-api/src/clients/list.ts): the default sort by name, and each client's open
-- tasks by due date (its next task, the nextDueDate sort, the due-this-week filter) and its NIGO tasks.
create index if not exists rm_clients_lower_name on rm_clients (lower(name), client_id);
create index if not exists rm_tasks_open_due on rm_tasks (client_id, due_date)
  where status in ('Upcoming', 'Not Started', 'In Progress', 'NIGO');
create index if not exists rm_tasks_nigo on rm_tasks (client_id) where status = 'NIGO';
create index if not exists rm_client_lifecycle_drafts on rm_client_lifecycle (client_id) where is_draft;
