-- Up Migration
-- The onboarding tasks of every client (projections/src/tasks.ts), one row per task and policy; '' stands
-- for a client-level task so the key stays a plain primary key.
create table if not exists rm_tasks (
  client_id text not null,
  task_id text not null,
  policy_id text not null default '',
  status text not null,
  due_date date,
  status_updated_at timestamptz not null,
  reason text,
  primary key (client_id, task_id, policy_id)
);
