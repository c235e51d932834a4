-- The sections of the form an outside signer is invited to attest (EIF step ids); null: every section.
alter table outside_signer_actions add column if not exists sections text[];
