import { z } from 'zod';
import { IMPLEMENTATION_TYPES, SETUP_STEP_IDS } from '@onboard/domain';

/**
 * A client's life apart from its form, as both sides answer it (the lifecycle write routes and
 * GET /api/clients/{clientId}/lifecycle): profile, draft, archive, release and the setup checklist.
 */
export const ImplementationConsultant = z
  .object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
  })
  .meta({ id: 'ImplementationConsultant' });
export type ImplementationConsultant = z.infer<typeof ImplementationConsultant>;

export const SetupStepView = z.object({
  stepId: z.enum(SETUP_STEP_IDS),
  title: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});

export const PolicyDraft = z.object({
  policyId: z.string(),
  slfPolicyNumber: z.string(),
  slfCoverages: z.array(z.string()),
  policyEffective: z.string().nullable(),
});

export const ClientLifecycleView = z
  .object({
    clientId: z.string(),
    name: z.string(),
    ticketId: z.string().nullable(),
    implementationType: z.enum(IMPLEMENTATION_TYPES),
    isTest: z.boolean(),
    isDraft: z.boolean(),
    isArchived: z.boolean(),
    releaseStatus: z.enum(['LIVE']).nullable(),
    slfImplementationConsultant: ImplementationConsultant.nullable(),
    policies: z.array(PolicyDraft),
    setupSteps: z.array(SetupStepView),
    completedSetup: z.boolean(),
    completedSetupAt: z.string().nullable(),
    createdAt: z.string(),
    version: z.number().int().meta({ description: 'The If-Match value for the next lifecycle write' }),
  })
  .meta({ id: 'ClientLifecycle' });
export type ClientLifecycleView = z.infer<typeof ClientLifecycleView>;
