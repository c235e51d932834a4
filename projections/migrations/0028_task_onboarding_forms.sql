-- Up Migration
-- The onboarding-forms task follows the client's forms (domain/src/tasks/onboarding-forms-task.ts): the
-- tasks projection keeps each form's status beside the task rows, and is rebuilt so the forms already
-- sent set their task.
create table if not exists rm_task_onboarding_forms (
  client_id text not null,
  envelope_id text not null,
  status text not null,
  primary key (client_id, envelope_id)
);
delete from rm_tasks;
delete from checkpoints where name = 'tasks';
