import { z } from 'zod';
import { eventSchema, eventTypesOf } from './schema.ts';

/** Entities tracked in the EIF's change records (onboarding §3 "Other tracked entities"). */
export const EIF_ENTITIES = [
  'Client',
  'Policy',
  'Plan',
  'Contact',
  'Location',
  'Bill',
  'BillLocation',
  'ContactLocation',
  'EmployeeClass',
  'EmployeeClassPlan',
  'Subsidiary',
  'MonthlyClaimsReportMailingLocation',
] as const;
export const EifEntity = z.enum(EIF_ENTITIES);
export type EifEntity = z.infer<typeof EifEntity>;

const Attributes = z.record(z.string(), z.unknown());

/** Who did something to the EIF, recorded in the event itself so a fold can stamp it. */
export const EifActor = z.object({ userId: z.string(), role: z.string() });
export type EifActor = z.infer<typeof EifActor>;

/**
 * Set on entity events made after signing: the edit is pending until accepted or declined (onboarding
 * §4). `changeId` is the event's own id. Absent before signing, when edits apply directly.
 */
const PendingStamp = z.object({ changeId: z.string(), at: z.string(), by: EifActor });

export const EifEntityCreated = eventSchema('EifEntityCreated', {
  clientId: z.string(),
  entity: EifEntity,
  entityId: z.string(),
  attributes: Attributes,
  pending: PendingStamp.optional(),
});

export const AttributeChange = z.object({
  attributeKey: z.string(),
  value: z.unknown(),
  previousValue: z.unknown(),
});
export type AttributeChange = z.infer<typeof AttributeChange>;

export const EifEntityChanged = eventSchema('EifEntityChanged', {
  clientId: z.string(),
  entity: EifEntity,
  entityId: z.string(),
  changes: z.array(AttributeChange).min(1),
  pending: PendingStamp.optional(),
});

export const EifEntityDeleted = eventSchema('EifEntityDeleted', {
  clientId: z.string(),
  entity: EifEntity,
  entityId: z.string(),
  pending: PendingStamp.optional(),
});

export const SIGNER_KINDS = ['AUTHORIZED_SIGNER', 'BROKER_AS_AUTHORIZED_SIGNER', 'OUTSIDE_SIGNER'] as const;

export const EifSigned = eventSchema('EifSigned', {
  clientId: z.string(),
  signerKind: z.enum(SIGNER_KINDS),
  by: EifActor,
  outsideSignerActionId: z.string().nullable().default(null),
  /** The sections (EIF step ids) the signer attested; absent on signatures from before it was kept: all. */
  sections: z.array(z.string()).optional(),
  at: z.string(),
});

export const EifChangesMarkedReadyForReview = eventSchema('EifChangesMarkedReadyForReview', {
  clientId: z.string(),
  by: EifActor,
  at: z.string(),
});

/**
 * Part of a pending update decided on its own: the answers (attribute keys) of that change a reviewer
 * accepted or declined by the answer; the change's other answers stay pending.
 */
export const AnswerDecision = z.object({ changeId: z.string(), attributeKeys: z.array(z.string()).min(1) });
export type AnswerDecision = z.infer<typeof AnswerDecision>;

/** Whole changes by id, and (since decisions by the answer) parts of changes by their answers. */
const Decided = {
  changeIds: z.array(z.string()),
  answers: z.array(AnswerDecision).optional(),
};

export const EifChangesAccepted = eventSchema('EifChangesAccepted', {
  clientId: z.string(),
  ...Decided,
  by: EifActor,
  at: z.string(),
});

export const EifChangesDeclined = eventSchema('EifChangesDeclined', {
  clientId: z.string(),
  ...Decided,
  reason: z.string().min(1),
  by: EifActor,
  at: z.string(),
});

export const EifIcEditsUndone = eventSchema('EifIcEditsUndone', {
  clientId: z.string(),
  changeIds: z.array(z.string()).min(1),
  by: EifActor,
  at: z.string(),
});

export const EifEvent = z.discriminatedUnion('type', [
  EifEntityCreated,
  EifEntityChanged,
  EifEntityDeleted,
  EifSigned,
  EifChangesMarkedReadyForReview,
  EifChangesAccepted,
  EifChangesDeclined,
  EifIcEditsUndone,
]);
export type EifEvent = z.infer<typeof EifEvent>;
export const EIF_EVENT_TYPES = eventTypesOf(EifEvent);

/** One stream per client's EIF. */
export const eifStream = (clientId: string) => `eif-${clientId}`;
