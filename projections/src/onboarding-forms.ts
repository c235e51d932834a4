import {
  ENVELOPE_EVENT_TYPES,
  EnvelopeEvent,
  SIGNING_TEMPLATE_EVENT_TYPES,
  SigningTemplateEvent,
  type CheckpointedConsumer,
} from '@onboard/events';
import {
  EMPTY_AUDIT_TRAIL,
  evolveAuditTrail,
  evolveEnvelope,
  evolveTemplate,
  type AuditTrail,
  type EnvelopeState,
  type SigningTemplateState,
} from '@onboard/domain';
import { deleteRows } from './reset.ts';

type Tx = Parameters<NonNullable<CheckpointedConsumer['handle']>>[1];

/** The audit trail's actions, as the evidence pack names them. */
export type AuditAction = 'sent' | 'viewed' | 'signed' | 'declined' | 'reassigned' | 'voided' | 'completed';

type AuditRow = {
  action: AuditAction;
  recipientId: string | null;
  at: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  hashBefore?: string | null;
  hashAfter?: string | null;
  detail?: string | null;
};

/** A recipient's own act, with the address and browser it came from. */
function recipientAct(
  action: AuditAction,
  e: { recipientId: string; at: string; ipAddress: string | null; userAgent: string | null },
  more: Pick<AuditRow, 'hashBefore' | 'hashAfter' | 'detail'> = {},
): AuditRow {
  return {
    action,
    recipientId: e.recipientId,
    at: e.at,
    ipAddress: e.ipAddress,
    userAgent: e.userAgent,
    ...more,
  };
}

/** What one envelope event adds to the audit trail (read against the state before it). */
function auditOf(event: EnvelopeEvent, before: EnvelopeState | null, after: EnvelopeState): AuditRow[] {
  const d = event.data;
  switch (event.type) {
    case 'EnvelopeCreated':
      return after.recipients.map((r) => ({ action: 'sent', recipientId: r.recipientId, at: d.at }));
    case 'EnvelopeRecipientAdded':
      return [{ action: 'sent', recipientId: event.data.recipient.recipientId, at: d.at }];
    case 'EnvelopeRecipientViewed':
      return [recipientAct('viewed', event.data)];
    case 'EnvelopeRecipientSigned':
      return [
        recipientAct('signed', event.data, {
          hashBefore: event.data.hashBefore,
          hashAfter: event.data.hashAfter,
        }),
      ];
    case 'EnvelopeRecipientDeclined':
      return [recipientAct('declined', event.data, { detail: event.data.reason })];
    case 'EnvelopeRecipientReassigned':
      return [
        {
          action: 'reassigned',
          recipientId: event.data.fromRecipientId,
          at: d.at,
          detail: `to ${event.data.recipient.name}`,
        },
        { action: 'sent', recipientId: event.data.recipient.recipientId, at: d.at },
      ];
    case 'EnvelopeVoided':
      return [{ action: 'voided', recipientId: null, at: d.at, detail: event.data.reason }];
    case 'EnvelopeCompleted':
      return [{ action: 'completed', recipientId: null, at: d.at, hashAfter: event.data.sha256 }];
    default:
      void before;
      return [];
  }
}

async function applyEnvelope(tx: Tx, event: EnvelopeEvent) {
  const { envelopeId } = event.data;
  const { rows } = await tx.query<{ state: EnvelopeState; trail: AuditTrail | null; seq: number }>(
    `select state, trail, (select coalesce(max(seq), 0) from rm_onboarding_form_audit where envelope_id = $1) as seq
     from rm_onboarding_forms where envelope_id = $1`,
    [envelopeId],
  );
  const before = rows[0]?.state ?? null;
  const after = evolveEnvelope(before, event);
  if (!after) return;
  const trail = evolveAuditTrail(rows[0]?.trail ?? EMPTY_AUDIT_TRAIL, event);
  await tx.query(
    `insert into rm_onboarding_forms (envelope_id, client_id, status, state, trail, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (envelope_id) do update set status = excluded.status, state = excluded.state,
       trail = excluded.trail, updated_at = excluded.updated_at`,
    [
      envelopeId,
      after.clientId,
      after.status,
      JSON.stringify(after),
      JSON.stringify(trail),
      after.createdAt,
      event.data.at,
    ],
  );
  let seq = rows[0]?.seq ?? 0;
  for (const row of auditOf(event, before, after)) {
    const recipient = after.recipients.find((r) => r.recipientId === row.recipientId);
    const role = recipient ? (after.roles.find((x) => x.roleId === recipient.roleId)?.name ?? '') : '';
    seq += 1;
    await tx.query(
      `insert into rm_onboarding_form_audit (envelope_id, seq, action, recipient_id, recipient_name, recipient_email,
         role, at, ip_address, user_agent, hash_before, hash_after, detail)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        envelopeId,
        seq,
        row.action,
        row.recipientId,
        recipient?.name ?? '',
        recipient?.email ?? '',
        role,
        row.at,
        row.ipAddress ?? null,
        row.userAgent ?? null,
        row.hashBefore ?? null,
        row.hashAfter ?? null,
        row.detail ?? null,
      ],
    );
  }
}

async function applyTemplate(tx: Tx, event: SigningTemplateEvent) {
  const { templateId } = event.data;
  const { rows } = await tx.query<{ state: SigningTemplateState }>(
    'select state from rm_onboarding_form_templates where template_id = $1',
    [templateId],
  );
  const after = evolveTemplate(rows[0]?.state ?? null, event);
  if (!after) return;
  await tx.query(
    `insert into rm_onboarding_form_templates (template_id, name, state, updated_at) values ($1, $2, $3, $4)
     on conflict (template_id) do update set name = excluded.name, state = excluded.state, updated_at = excluded.updated_at`,
    [templateId, after.name, JSON.stringify(after), after.updatedAt],
  );
}

/**
 * Onboarding forms: every template and envelope as its decider folds it (the same `evolve` the command
 * side uses), and each envelope's audit trail (who, when, from where, the PDF's hash before and after).
 */
export const onboardingFormsProjection: CheckpointedConsumer = {
  name: 'onboarding-forms',
  filter: { eventTypes: [...SIGNING_TEMPLATE_EVENT_TYPES, ...ENVELOPE_EVENT_TYPES] },
  reset: deleteRows('rm_onboarding_form_templates', 'rm_onboarding_forms', 'rm_onboarding_form_audit'),
  handle: async (events, tx) => {
    for (const recorded of events) {
      const raw = { type: recorded.type, data: recorded.data };
      if ((SIGNING_TEMPLATE_EVENT_TYPES as readonly string[]).includes(recorded.type))
        await applyTemplate(tx, SigningTemplateEvent.parse(raw));
      else await applyEnvelope(tx, EnvelopeEvent.parse(raw));
    }
  },
};
