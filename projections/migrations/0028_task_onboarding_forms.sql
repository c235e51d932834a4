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

-- Each onboarding form's audit trail as its events build it (domain/src/onboarding-forms/certificate.ts):
-- the task page shows every recipient's steps, as the completed PDF's certificate page prints them. The
-- onboarding-forms projection is rebuilt so the forms already sent have theirs.
alter table rm_onboarding_forms add column if not exists trail jsonb;
delete from rm_onboarding_form_templates;
delete from rm_onboarding_forms;
delete from rm_onboarding_form_audit;
delete from checkpoints where name = 'onboarding-forms';
