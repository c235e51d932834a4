-- Up Migration
-- The feature toggles staff have set (projections/src/feature-toggles.ts): one row per toggle globally
-- (client_id '') and per client override. A toggle without a row has its default.
create table if not exists rm_feature_toggles (
  toggle text not null,
  client_id text not null default '',
  enabled boolean not null,
  updated_at timestamptz not null,
  updated_by text not null,
  primary key (toggle, client_id)
);
