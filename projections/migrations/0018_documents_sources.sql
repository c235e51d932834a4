-- Up Migration
-- The documents read model says where each row comes from: 'upload' (documents-{clientId}) or 'census'
-- (census-{clientId}-{policyId}, renamed and deleted through the census rules), and when a census file was
-- submitted (it is kept then: the census rules refuse its delete). Completed onboarding forms
-- are not rows here: the documents query reads them from the onboarding forms read model. The read model
-- is rebuilt from the events: its rows and checkpoint go.
alter table rm_documents add column if not exists source text not null default 'upload';
alter table rm_documents add column if not exists submitted_at timestamptz;
delete from rm_documents;
delete from rm_document_videos;
delete from rm_document_notices;
delete from checkpoints where name = 'documents';
