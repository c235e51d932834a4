-- Up Migration
-- Conversations on a client's answers, classes, census rows and tasks (projections/src/conversations.ts):
-- one row per thread, its entries (messages, resolved, reopened) in order, and each person's part in it
-- (took part, mentioned, read up to).
create table if not exists rm_conversations (
  thread_id text primary key,
  client_id text not null,
  kind text not null,
  subject_type text not null,
  subject_key text not null,
  subject_label text not null,
  status text not null,
  started_by text not null,
  started_at timestamptz not null,
  last_message_at timestamptz not null,
  resolved_by text,
  resolved_at timestamptz
);
create index if not exists rm_conversations_client on rm_conversations (client_id, subject_type, subject_key);

create table if not exists rm_conversation_entries (
  thread_id text not null,
  entry_id text not null,
  entry text not null,
  author_id text not null,
  text text,
  mentions text[] not null default '{}',
  at timestamptz not null,
  primary key (thread_id, entry_id)
);
create index if not exists rm_conversation_entries_at on rm_conversation_entries (thread_id, at);

create table if not exists rm_conversation_people (
  thread_id text not null,
  user_id text not null,
  client_id text not null,
  took_part boolean not null default false,
  mentioned boolean not null default false,
  read_at timestamptz,
  primary key (thread_id, user_id)
);
create index if not exists rm_conversation_people_user on rm_conversation_people (user_id);
