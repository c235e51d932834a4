-- Up Migration
-- Each answer's net change names everyone who changed it and when (projections/src/net-changes.ts): the
-- authors of the changes it sums up, each once by their latest change, and when the answer last changed.
-- Decisions may settle single answers of a change, so the rows are rebuilt from the events: the rows and
-- the checkpoint go.
alter table rm_net_changes add column if not exists authors jsonb not null default '[]';
alter table rm_net_changes add column if not exists answer_changed_at timestamptz;
delete from rm_net_changes;
delete from rm_net_change_sources;
delete from rm_net_change_versions;
delete from checkpoints where name = 'net-changes';
