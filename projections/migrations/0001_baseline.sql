-- Up Migration
-- The read models. They are disposable: a later migration that changes one may drop its tables and delete
-- its projection's checkpoint (`delete from checkpoints where name = '<projection>'`), and the projection
-- rebuilds it from the events when the app starts.
-- A database from before the current layouts (rm_clients with an `entities` column, rm_change_details
-- keyed by `event_id`) has those tables dropped and their projections rebuilt, as start-up did until now.
do $$
begin
  if exists (select 1 from information_schema.columns
             where table_schema = current_schema() and table_name = 'rm_clients' and column_name = 'entities') then
    drop table rm_clients;
    delete from checkpoints where name = 'client-view';
  end if;
  if exists (select 1 from information_schema.columns
             where table_schema = current_schema() and table_name = 'rm_change_details' and column_name = 'event_id') then
    drop table rm_change_details;
    delete from checkpoints where name = 'change-log';
  end if;
end $$;
create table if not exists rm_clients (
  client_id text primary key,
  name text not null default '',
  version bigint not null,
  state jsonb not null,
  updated_at timestamptz not null
);
create table if not exists rm_change_details (
  change_id uuid not null,
  attribute_key text not null,
  client_id text not null,
  entity text not null,
  entity_id text not null,
  action text not null,
  value jsonb,
  previous_value jsonb,
  status text not null,
  created_at timestamptz not null,
  created_by_user jsonb not null,
  decided_at timestamptz,
  position_commit numeric(20) not null,
  position_prepare numeric(20) not null,
  primary key (change_id, attribute_key)
);
create index if not exists rm_change_details_client on rm_change_details (client_id, position_commit, position_prepare);
create table if not exists rm_users (
  user_id text primary key,
  email text not null,
  role text not null,
  first_name text not null,
  last_name text not null,
  phone_number text,
  client_ids text[] not null default '{}',
  welcome_email_sent_date timestamptz,
  first_password_set timestamptz,
  last_password_set timestamptz,
  is_mfa_enrolled boolean not null default false,
  terms_of_use_date timestamptz,
  first_login timestamptz,
  last_login timestamptz,
  is_deleted boolean not null default false,
  version bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists rm_users_email on rm_users (lower(email)) where not is_deleted;
create index if not exists rm_users_client_ids on rm_users using gin (client_ids);
create table if not exists rm_emails (
  id text primary key,
  "to" text not null,
  subject text not null,
  body text not null,
  client_id text,
  created_at timestamptz not null
);
create index if not exists rm_emails_to on rm_emails (lower("to"), created_at);
create table if not exists rm_api_jobs (
  api_job_id text primary key,
  client_id text not null,
  status text not null,
  reasons jsonb not null default '[]',
  requested_by jsonb,
  requested_at timestamptz not null,
  updated_at timestamptz not null,
  position_commit numeric(20) not null,
  position_prepare numeric(20) not null
);
create index if not exists rm_api_jobs_client on rm_api_jobs (client_id, position_commit desc, position_prepare desc);
create table if not exists rm_explorer_pages (
  explorer_page_id text primary key,
  client_id text not null,
  page_owner text not null,
  vanity_slug text,
  name text not null,
  starts_at timestamptz,
  page jsonb not null,
  is_deleted boolean not null default false,
  version bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists rm_explorer_pages_slug on rm_explorer_pages (vanity_slug) where not is_deleted;
create index if not exists rm_explorer_pages_client on rm_explorer_pages (client_id);
create index if not exists rm_explorer_pages_owner on rm_explorer_pages (page_owner);
create table if not exists rm_explorer_support_conversations (
  conversation_id text primary key,
  explorer_page_id text not null,
  department text not null,
  language text not null,
  started_at timestamptz not null,
  last_message_at timestamptz
);
create index if not exists rm_explorer_support_conversations_page on rm_explorer_support_conversations (explorer_page_id, started_at);
create table if not exists rm_explorer_support_messages (
  message_id text primary key,
  conversation_id text not null,
  author text not null,
  author_id text,
  text text not null,
  at timestamptz not null
);
create index if not exists rm_explorer_support_messages_conversation on rm_explorer_support_messages (conversation_id, at);
