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
