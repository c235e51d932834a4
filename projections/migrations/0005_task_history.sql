-- Up Migration
-- The tasks read model records when each task last reached Done (null while it is not Done), for the hub's
-- onboarding timeline. The read model is rebuilt from the task events: its rows and checkpoint go.
alter table rm_tasks add column if not exists done_at timestamptz;
delete from rm_tasks;
delete from checkpoints where name = 'tasks';
