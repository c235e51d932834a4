import { z } from 'zod';

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

export const EifEntityCreated = z.object({
  type: z.literal('EifEntityCreated'),
  data: z.object({ clientId: z.string(), entity: EifEntity, entityId: z.string(), attributes: Attributes }),
});

export const AttributeChange = z.object({
  attributeKey: z.string(),
  value: z.unknown(),
  previousValue: z.unknown(),
});
export type AttributeChange = z.infer<typeof AttributeChange>;

export const EifEntityChanged = z.object({
  type: z.literal('EifEntityChanged'),
  data: z.object({
    clientId: z.string(),
    entity: EifEntity,
    entityId: z.string(),
    changes: z.array(AttributeChange).min(1),
  }),
});

export const EifEntityDeleted = z.object({
  type: z.literal('EifEntityDeleted'),
  data: z.object({ clientId: z.string(), entity: EifEntity, entityId: z.string() }),
});

export const EifEvent = z.discriminatedUnion('type', [EifEntityCreated, EifEntityChanged, EifEntityDeleted]);
export type EifEvent = z.infer<typeof EifEvent>;

/** One stream per client's EIF. */
export const eifStream = (clientId: string) => `eif-${clientId}`;
