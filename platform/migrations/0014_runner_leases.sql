-- Up Migration
-- The projections' runners and the scheduled jobs share their work out by leases instead of session
-- advisory locks (events/src/subscription/partition-leases.ts): a process says it is alive, and which
-- runners it can run, in `runner_processes`; it holds a partition of a runner while its row in
-- `runner_leases` is its own and not expired. Both are written through the pool, so no process keeps a
-- connection of its own for them.
create table runner_processes (
  process_id text primary key,
  names text[] not null,
  seen_at timestamptz not null
);

create table runner_leases (
  name text not null,
  partition int not null,
  process_id text not null,
  expires_at timestamptz not null,
  primary key (name, partition)
);

-- A projection's own checkpoint (`<name>`) stops moving once its partitions have theirs (`<name>#<i>`,
-- started from it): a process of the release before, still applying the projection whole during a
-- rolling upgrade, fails its batches instead of applying again what the partitions apply. Setting it
-- back to zero (a rebuild) stays allowed.
create function checkpoints_partitioned_guard() returns trigger language plpgsql as $$
begin
  if (new.commit_position <> 0 or new.prepare_position <> 0)
     and exists (select 1 from checkpoints where name = new.name || '#0') then
    raise exception 'checkpoint % is split into partitions', new.name;
  end if;
  return new;
end $$;

create trigger checkpoints_partitioned_guard before update on checkpoints
  for each row when (position('#' in new.name) = 0)
  execute function checkpoints_partitioned_guard();
