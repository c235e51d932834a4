-- Up Migration
-- The tasks read model now follows the EIF task's own status (answers changed: In Progress; signed: Done):
-- rebuilt from the events at the next start.
delete from rm_tasks;
delete from checkpoints where name = 'tasks';
