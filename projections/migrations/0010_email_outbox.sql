-- Up Migration
-- The outbox read model (projections/src/emails.ts): one row per e-mail with its status, status history
-- and the next attempt the delivery worker owes it. Rebuilt from the e-mail streams.
drop table if exists rm_emails;
create table rm_emails (
  id text primary key,
  kind text not null,
  "to" text not null,
  cc text not null default '',
  subject text not null,
  body text not null,
  html text,
  client_id text,
  user_ids jsonb not null default '[]',
  resend_of text,
  status text not null,
  status_history jsonb not null default '[]',
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_error text,
  rejected jsonb not null default '[]',
  message_id text,
  state jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index rm_emails_to on rm_emails (lower("to"), created_at);
create index rm_emails_created on rm_emails (created_at desc);
create index rm_emails_client on rm_emails (client_id, created_at desc);
create index rm_emails_due on rm_emails (next_attempt_at) where status = 'QUEUED';
delete from checkpoints where name = 'emails';
