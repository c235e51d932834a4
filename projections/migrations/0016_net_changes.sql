-- Up Migration
-- The net changes of each client's form since signing (projections/src/net-changes.ts): the domain's
-- net-change rules of onboarding §4 applied per entity to its post-sign change records.
-- rm_net_change_sources keeps each entity's records (what the fold needs to recompute it);
-- rm_net_changes is what the query API serves: one row per entity and attribute ('' for an entity's
-- change without attributes, a deletion). rm_net_change_versions holds the stream revision each client's
-- rows reflect, so a reader can wait for the version a decision just made.
create table if not exists rm_net_change_sources (
  client_id text not null,
  entity text not null,
  entity_id text not null,
  first_position_commit numeric(20, 0) not null,
  first_position_prepare numeric(20, 0) not null,
  records jsonb not null,
  primary key (client_id, entity, entity_id)
);

create table if not exists rm_net_changes (
  client_id text not null,
  entity text not null,
  entity_id text not null,
  attribute_key text not null,
  first_position_commit numeric(20, 0) not null,
  first_position_prepare numeric(20, 0) not null,
  action text not null,
  entity_status text not null,
  status text not null,
  value jsonb,
  previous_value jsonb,
  pending_change_ids text[] not null,
  changed_at timestamptz not null,
  changed_by jsonb not null,
  primary key (client_id, entity, entity_id, attribute_key)
);
create index if not exists rm_net_changes_client on rm_net_changes (client_id, first_position_commit, first_position_prepare);

create table if not exists rm_net_change_versions (
  client_id text primary key,
  version bigint not null
);
