-- Up Migration
-- Who looked at a client's unmasked personal data (projections/src/personal-data-access.ts): one row per
-- reveal, unmasked download or erasure, in words, never the value looked at. The access log page reads it.
create table if not exists rm_personal_data_access (
  event_id text primary key,
  kind text not null,
  client_id text not null,
  at timestamptz not null,
  user_id text not null,
  role text not null,
  what text not null,
  reason text not null
);
create index if not exists rm_personal_data_access_at on rm_personal_data_access (at desc, event_id);
create index if not exists rm_personal_data_access_client on rm_personal_data_access (client_id, at desc);
create index if not exists rm_personal_data_access_user on rm_personal_data_access (user_id, at desc);
