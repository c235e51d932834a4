import { z } from 'zod';
import { IMPLEMENTATION_TYPES, SETUP_STEP_IDS } from './client-constants.ts';
import { eventSchema, Stamp, eventTypesOf } from './schema.ts';

export { IMPLEMENTATION_TYPES, SETUP_STEP_IDS };
export type { ImplementationType, SetupStepId } from './client-constants.ts';

/** The client an event is about, and when and by whom. */
const ClientStamp = { clientId: z.string(), ...Stamp };

/** A policy as staff create it with the client: its number and the coverages it holds. */
export const NewPolicy = z.object({
  policyId: z.string(),
  slfPolicyNumber: z.string(),
  slfCoverages: z.array(z.string()),
  policyEffective: z.string().nullable(),
});
export type NewPolicy = z.infer<typeof NewPolicy>;

/** What staff say of a client beyond its form: the ticket, the kind of implementation, who runs it. */
export const ClientProfile = z.object({
  name: z.string(),
  ticketId: z.string().nullable(),
  implementationType: z.enum(IMPLEMENTATION_TYPES),
  implementationConsultantUserId: z.string().nullable(),
  isTest: z.boolean(),
});
export type ClientProfile = z.infer<typeof ClientProfile>;

/**
 * Staff opened an onboarding for an employer. `draft` clients are still being described (from a ticket);
 * their EIF, tasks and people come when staff make the base client.
 */
export const ClientCreated = eventSchema('ClientCreated', {
  ...ClientStamp,
  ...ClientProfile.shape,
  policies: z.array(NewPolicy),
  draft: z.boolean(),
});

/** Staff changed the profile (only the fields present changed); `policies` replaces a draft's list. */
export const ClientProfileChanged = eventSchema('ClientProfileChanged', {
  ...ClientStamp,
  changes: ClientProfile.partial(),
  policies: z.array(NewPolicy).optional(),
});

/** A draft became the base client: its EIF and tasks exist from now on. */
export const BaseClientMade = eventSchema('BaseClientMade', ClientStamp);

export const ClientArchived = eventSchema('ClientArchived', ClientStamp);
export const ClientUnarchived = eventSchema('ClientUnarchived', ClientStamp);
/** Removed before anything was signed; its events stay, every read treats it as gone. */
export const ClientDeleted = eventSchema('ClientDeleted', ClientStamp);

/** LIVE ends onboarding (platform §4); null takes it back. */
export const ClientReleaseStatusChanged = eventSchema('ClientReleaseStatusChanged', {
  ...ClientStamp,
  releaseStatus: z.enum(['LIVE']).nullable(),
});

export const ClientSetupStepCompleted = eventSchema('ClientSetupStepCompleted', {
  ...ClientStamp,
  stepId: z.enum(SETUP_STEP_IDS),
});
/** Every setup step is done: the client's people may start (completedSetup / completedSetupAt). */
export const ClientSetupCompleted = eventSchema('ClientSetupCompleted', ClientStamp);

/** A person of the client went through the welcome flow (`welcomeFlowCompletedAt`). */
export const WelcomeFlowCompleted = eventSchema('WelcomeFlowCompleted', ClientStamp);

export const ClientLifecycleEvent = z.discriminatedUnion('type', [
  ClientCreated,
  ClientProfileChanged,
  BaseClientMade,
  ClientArchived,
  ClientUnarchived,
  ClientDeleted,
  ClientReleaseStatusChanged,
  ClientSetupStepCompleted,
  ClientSetupCompleted,
  WelcomeFlowCompleted,
]);
export type ClientLifecycleEvent = z.infer<typeof ClientLifecycleEvent>;
export const CLIENT_LIFECYCLE_EVENT_TYPES = eventTypesOf(ClientLifecycleEvent);

/** The client's life apart from its form: creation, profile, archive, setup, welcome, release. */
export const clientStream = (clientId: string) => `client-${clientId}`;
