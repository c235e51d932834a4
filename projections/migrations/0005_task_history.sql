-- Up Migration
-- The tasks read model records when each task last reached Done (null while it is not Done), for the hub's
-- onboarding timeline, and follows the company information task's form (answered: In Progress; signed:
-- Done). The read model is rebuilt from the events: its rows and checkpoint go.
alter table rm_tasks add column if not exists done_at timestamptz;
-- The call of a call task (when, how long, how to join), set by staff.
alter table rm_tasks add column if not exists call jsonb;
delete from rm_tasks;
delete from checkpoints where name = 'tasks';
