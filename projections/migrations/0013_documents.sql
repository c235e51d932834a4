-- Up Migration
-- A client's documents (projections/src/documents.ts): one row per uploaded file, deleted ones kept with
-- deleted_at; the videos; and each user's new-document notice per client (onboarding §4).
create table if not exists rm_documents (
  client_id text not null,
  document_id text not null,
  document_key text not null,
  name text not null,
  mime_type text not null,
  size bigint not null,
  category text not null,
  policy_id text,
  language text,
  uploaded_by text not null,
  uploaded_by_role text not null,
  updated_by text not null,
  process_status text not null default 'PROCESSED',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz,
  primary key (client_id, document_id)
);
create index if not exists rm_documents_listing on rm_documents (client_id, category, created_at desc)
  where deleted_at is null;

create table if not exists rm_document_videos (
  client_id text not null,
  video_id text not null,
  document_key text not null,
  name text not null,
  size bigint not null,
  created_at timestamptz not null,
  deleted_at timestamptz,
  primary key (client_id, video_id)
);

create table if not exists rm_document_notices (
  client_id text not null,
  user_id text not null,
  status text not null,
  set_at timestamptz not null,
  primary key (client_id, user_id)
);
