-- Up Migration
-- The portal's support chats (projections/src/portal-chats.ts): one row per conversation with its
-- messages in order, for the user who opened it and for staff's support inbox.
create table if not exists rm_portal_chats (
  conversation_id text primary key,
  user_id text not null,
  client_id text,
  page text not null,
  started_at timestamptz not null,
  last_message_at timestamptz not null,
  last_author text,
  messages jsonb not null default '[]'
);
create index if not exists rm_portal_chats_user on rm_portal_chats (user_id, last_message_at desc);
create index if not exists rm_portal_chats_recent on rm_portal_chats (last_message_at desc);
