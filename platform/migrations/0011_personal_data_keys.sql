-- Up Migration
-- The data keys that seal personal data (envelope encryption): one per client, and one per employee of a
-- client (employee_ref: a keyed hash of the employee's id, never the id). `wrapped` is the data key
-- encrypted by the key-encryption key `kek_id`; destroying a key (erasure) clears it for good.
create table personal_data_keys (
  key_id text primary key,
  client_id text not null,
  employee_ref text,
  wrapped bytea,
  kek_id text not null,
  created_at timestamptz not null default now(),
  destroyed_at timestamptz,
  check ((wrapped is null) = (destroyed_at is not null))
);
create unique index personal_data_keys_live on personal_data_keys (client_id, coalesce(employee_ref, ''))
  where destroyed_at is null;
create index personal_data_keys_client on personal_data_keys (client_id);
