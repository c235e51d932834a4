-- Up Migration
-- Onboarding forms signed with Onboard's own e-signature (projections/src/onboarding-forms.ts): each
-- template and each envelope as its decider folds it (state), and the envelope's audit trail, one row per
-- step, for the hub and the evidence pack.
create table if not exists rm_onboarding_form_templates (
  template_id text primary key,
  name text not null,
  state jsonb not null,
  updated_at timestamptz not null
);

create table if not exists rm_onboarding_forms (
  envelope_id text primary key,
  client_id text not null,
  status text not null,
  state jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists rm_onboarding_forms_client on rm_onboarding_forms (client_id, created_at);

create table if not exists rm_onboarding_form_audit (
  envelope_id text not null,
  seq integer not null,
  action text not null,
  recipient_id text,
  recipient_name text not null,
  recipient_email text not null,
  role text not null,
  at timestamptz not null,
  ip_address text,
  user_agent text,
  hash_before text,
  hash_after text,
  detail text,
  primary key (envelope_id, seq)
);
