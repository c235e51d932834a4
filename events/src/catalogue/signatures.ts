import { z } from 'zod';
import { EifActor } from './eif.ts';
import { eventSchema } from './schema.ts';

/**
 * Who attested what of a signed EIF, and who confirmed the changes accepted since: one stream per client,
 * `signatures-{clientId}`, beside the form's own. The form's first signature is its `EifSigned` (with the
 * sections it covered); an outside signer may countersign sections of a signed form here. Once changes
 * touching a signer's sections are accepted, that signer (and only they) confirms them: `EifChangesConfirmed`.
 */

/** One accepted answer a signer confirms: the answer, its section, and its value before and after. */
export const ConfirmedAnswer = z.object({
  /** The acceptance and the answer: `{n}/{entity}/{entityId}/{attributeKey}`, n the nth acceptance. */
  answerId: z.string(),
  entity: z.string(),
  entityId: z.string(),
  attributeKey: z.string(),
  section: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  acceptedAt: z.string(),
});
export type ConfirmedAnswer = z.infer<typeof ConfirmedAnswer>;

export const EifCountersigned = eventSchema('EifCountersigned', {
  clientId: z.string(),
  signatureId: z.string(),
  by: EifActor,
  /** The outside signer's name as invited (they have no account to name them). */
  name: z.string(),
  outsideSignerActionId: z.string(),
  sections: z.array(z.string()).min(1),
  at: z.string(),
});

export const EifChangesConfirmed = eventSchema('EifChangesConfirmed', {
  clientId: z.string(),
  signatureId: z.string(),
  by: EifActor,
  answers: z.array(ConfirmedAnswer).min(1),
  at: z.string(),
});

export const SignatureEvent = z.discriminatedUnion('type', [EifCountersigned, EifChangesConfirmed]);
export type SignatureEvent = z.infer<typeof SignatureEvent>;

export const signaturesStream = (clientId: string) => `signatures-${clientId}`;
