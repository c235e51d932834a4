-- Up Migration
-- A projection's write can check what its runner kept in memory against the rows it replaces: the
-- statement fails with the message when the check does not hold (true otherwise), so a stale value fails
-- the batch instead of being written (events/src/subscription/checkpointed-runner.ts, `kept`).
create or replace function rm_expect(ok boolean, message text) returns boolean
language plpgsql as $$
begin
  if ok is not true then
    raise exception '%', message;
  end if;
  return true;
end
$$;
