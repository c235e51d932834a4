-- Up Migration
-- The EIF history read model (projections/src/eif-history.ts): every EIF event of a client with the entry
-- (one save: consecutive events of one correlation) it belongs to, for the paged history; and the folded
-- form every 100 revisions, so "as of" folds at most 99 events whatever the stream's length.
create table if not exists rm_eif_history (
  client_id text not null,
  revision bigint not null,
  entry bigint not null,
  correlation_id text,
  at timestamptz not null,
  actor_id text not null,
  actor_role text not null,
  type text not null,
  event jsonb not null,
  primary key (client_id, revision)
);
create index if not exists rm_eif_history_entry on rm_eif_history (client_id, entry);
create table if not exists rm_eif_history_snapshots (
  client_id text not null,
  revision bigint not null,
  state jsonb not null,
  primary key (client_id, revision)
);

