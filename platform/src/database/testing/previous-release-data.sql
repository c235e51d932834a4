-- The data a database of the release before versioned migrations held, inserted after that release's
-- tables (migrations.int.test.ts: each owner's baseline migration, applied without migrations tables).

insert into es_events (event_id, stream_name, stream_revision, event_type, data, metadata) values (
  '4d4b2c1e-0f0a-4d7e-9a51-3c1b8f6a2e10', 'eif-client-before', 0, 'EifEntityCreated',
  '{"clientId": "client-before", "entity": "Client", "entityId": "client-before", "attributes": {"name": "Harbor Bakery"}}',
  '{"actorId": "owner-1", "actorRole": "SLF_OWNER", "occurredAt": "2026-10-01T09:00:00.000Z", "correlationId": "c-before"}'
);
insert into es_streams (stream_name, revision) values ('eif-client-before', 0);
insert into rm_clients (client_id, name, version, state, updated_at)
  values ('client-before', 'Harbor Bakery', 0, '{}', '2026-10-01T09:00:00Z');
insert into checkpoints (name, commit_position, prepare_position) values ('client-view', 1, 1);
insert into auth_credentials (user_id, password_hash, password_set_at)
  values ('owner-1', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', '2026-10-01T09:00:00Z');
insert into rm_users (user_id, email, role, first_name, last_name, version, created_at, updated_at)
  values ('owner-1', 'owner@carrier.example', 'SLF_OWNER', 'Olive', 'Owner', 0, '2026-10-01T09:00:00Z', '2026-10-01T09:00:00Z');
insert into documents (document_id, name, mime_type, size, sha256, content, uploaded_by, created_at)
  values ('doc-1', 'Plan summary.pdf', 'application/pdf', 4, 'x', '\x25504446', 'owner-1', '2026-10-01T09:00:00Z');
