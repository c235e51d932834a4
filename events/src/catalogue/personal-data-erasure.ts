import { z } from 'zod';
import { eventSchema } from './schema.ts';

/** What a sealed value reads as once its data key is destroyed. */
export const ERASED = 'erased';

export const ERASURE_SCOPES = ['CLIENT', 'EMPLOYEE'] as const;
export const ERASURE_REASONS = ['PERSON_REQUEST', 'CLIENT_REQUEST', 'LEFT_CARRIER', 'RETENTION'] as const;

/**
 * A client's personal data was erased by destroying its data keys (crypto-shredding): every key of the
 * client (`CLIENT`), or one employee's (`EMPLOYEE`, named by `employeeRef`, the keyed reference of their
 * employee id, never the id or SSN). Every event stays; what was sealed with those keys reads 'erased'.
 * `RETENTION`: the daily job, a set time after the client went LIVE.
 */
export const PersonalDataErased = eventSchema('PersonalDataErased', {
  clientId: z.string(),
  scope: z.enum(ERASURE_SCOPES),
  employeeRef: z.string().nullable(),
  reason: z.enum(ERASURE_REASONS),
  erasedBy: z.object({ userId: z.string(), role: z.string() }),
  erasedAt: z.string(),
});

export const PersonalDataEvent = z.discriminatedUnion('type', [PersonalDataErased]);
export type PersonalDataEvent = z.infer<typeof PersonalDataEvent>;

/** A client's erasures of personal data. */
export const personalDataStream = (clientId: string) => `personal-data-${clientId}`;
