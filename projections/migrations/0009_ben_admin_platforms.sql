-- Up Migration
-- The benefits-administration platform catalogue (projections/src/ben-admin-platforms.ts), one row per
-- platform staff added; a retired platform keeps its row with active false.
create table if not exists rm_ben_admin_platforms (
  platform_id text primary key,
  name text not null,
  website text not null,
  supports_data_feeds boolean not null,
  active boolean not null,
  added_at timestamptz not null,
  updated_at timestamptz not null
);
