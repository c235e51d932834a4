import { z } from 'zod';
import { errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { ClientLifecycleView } from '@onboard/api-contract/views';
import { IMPLEMENTATION_TYPES, SETUP_STEP_IDS } from '@onboard/domain';

const params = pathParams('clientId');
const PROVIDE = 'Please provide a response';

export const PolicyInput = z
  .object({
    slfPolicyNumber: z.string({ error: PROVIDE }).trim().max(40, 'Use at most 40 characters'),
    slfCoverages: z.array(z.string().min(1).max(120)).max(40),
    policyEffective: z.iso.date('Enter the date as YYYY-MM-DD').nullable().default(null),
  })
  .strict();

const implementationType = z.enum(IMPLEMENTATION_TYPES, {
  error: 'Choose New case, Add coverage or Takeover',
});

export const CreateClientBody = z
  .object({
    name: z.string({ error: PROVIDE }).max(200, 'Use at most 200 characters'),
    ticketId: z.string().trim().max(60).nullable().default(null),
    implementationType,
    implementationConsultantUserId: z.string().min(1).nullable().default(null),
    isTest: z.boolean().default(false),
    policies: z.array(PolicyInput).max(50).default([]),
    /** A draft is still being described: no form, tasks or people until the base client is made. */
    draft: z.boolean().default(false),
  })
  .strict();

/** The client's lifecycle writes. */
const lifecycleRoute = routeFamily({ tag: 'client-lifecycle' });
/** Staff's writes on the lifecycle of the client the path names. */
const staffOnClient = {
  tag: 'client-lifecycle',
  params,
  responses: {
    ...errors.notStaff,
    ...errors.noClient,
    409: problem('Changed by someone else since it was read'),
  },
} as const;
/** The one that removes the client. */
const staffRemovingClientRoute = routeFamily(staffOnClient);
/** The others, which answer the client as they left it. */
const staffOnClientRoute = routeFamily({
  ...staffOnClient,
  responses: { ...staffOnClient.responses, 200: json(ClientLifecycleView, 'The client') },
});

export const createClient = lifecycleRoute('POST /api/clients', {
  summary: 'Open an onboarding: the client with its policies, its form and its tasks (staff)',
  request: { body: CreateClientBody },
  responses: {
    201: json(ClientLifecycleView, 'The new client'),
    ...errors.invalidFields,
    ...errors.notStaff,
  },
});

export const DraftBody = z
  .object({
    name: z.string().max(200, 'Use at most 200 characters').optional(),
    ticketId: z.string().trim().max(60).nullable().optional(),
    implementationType: implementationType.optional(),
    implementationConsultantUserId: z.string().min(1).nullable().optional(),
    isTest: z.boolean().optional(),
    policies: z.array(PolicyInput).max(50).optional(),
  })
  .strict();

export const updateDraft = staffOnClientRoute('PATCH /api/clients/{clientId}/draft', {
  summary: 'Change the client’s profile; policies only while it is a draft (staff)',
  request: { body: DraftBody },
  responses: {
    400: problem('Invalid fields, or policies of a client that is not a draft (NOT_ALLOWED)'),
    409: problem('Changed by someone else since it was read (If-Match)'),
  },
});

const lifecycleAction = <const P extends string>(path: P, summary: string) =>
  staffOnClientRoute(`POST /api/clients/{clientId}/${path}`, {
    summary,
    responses: { 400: problem('Not allowed now (NOT_ALLOWED, named in the message)') },
  });

export const makeBaseClient = lifecycleAction(
  'base-client',
  'Turn a draft into the client: its form and tasks are made (staff)',
);
export const archiveClient = lifecycleAction(
  'archive',
  'Archive: the client is hidden from everyone but staff (staff)',
);
export const unarchiveClient = lifecycleAction('unarchive', 'Bring an archived client back (staff)');

export const deleteClient = staffRemovingClientRoute('DELETE /api/clients/{clientId}', {
  summary: 'Delete a client nothing of which was signed; otherwise archive it (staff)',
  responses: {
    204: { description: 'Deleted' },
    400: problem('Something was signed: archive instead (NOT_ALLOWED)'),
  },
});

export const ReleaseStatusBody = z
  .object({ releaseStatus: z.enum(['LIVE'], { error: 'Choose LIVE, or null' }).nullable() })
  .strict();
export const setReleaseStatus = staffOnClientRoute('PUT /api/clients/{clientId}/release-status', {
  summary: 'LIVE ends onboarding (platform §4); null takes it back (staff)',
  request: { body: ReleaseStatusBody },
  responses: { 400: problem('Invalid release status') },
});

export const completeSetupStep = staffOnClientRoute('POST /api/clients/{clientId}/setup-steps/{stepId}', {
  summary: 'Mark a setup step done; the last one completes the setup (staff)',
  request: {
    params: params.extend({
      stepId: z.enum(SETUP_STEP_IDS, { error: `Choose one of ${SETUP_STEP_IDS.join(', ')}` }),
    }),
  },
  responses: { 400: problem('Unknown step, or a step not allowed yet (NOT_ALLOWED, named in the message)') },
});

export const completeWelcomeFlow = lifecycleRoute('POST /api/clients/{clientId}/complete-welcome-flow', {
  summary: 'The signed-in person of the client has been through the welcome flow',
  request: { params },
  responses: {
    200: json(z.object({ welcomeFlowCompletedAt: z.string() }), 'When it was completed'),
    ...errors.notYours,
    ...errors.noClient,
  },
});
