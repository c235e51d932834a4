import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';
import { ClientLifecycleView, ImplementationConsultant } from '@onboard/api-contract/views';

const params = z.object({ clientId: z.string().min(1) });

export const getClientLifecycle = defineRoute('GET /api/clients/{clientId}/lifecycle', {
  tag: 'client-lifecycle',
  summary: 'The client’s profile, draft, archive and release state and its setup checklist',
  request: { params },
  responses: {
    200: json(ClientLifecycleView, 'The client’s lifecycle; ETag is its version'),
    403: problem('Not yours'),
    404: problem('No such client'),
  },
});

const SetupStep = z.object({ completed: z.boolean(), completedAt: z.string().nullable() });
export const ClientSetup = z.object({
  broker: SetupStep,
  benAdmin: SetupStep,
  docusignEnvelop: SetupStep,
  configCompanyInfo: SetupStep,
  importCompanyInfo: SetupStep,
  completedSetup: z.boolean(),
  completedSetupAt: z.string().nullable(),
});

export const getClientSetup = defineRoute('GET /api/clients/{clientId}/setup', {
  tag: 'client-lifecycle',
  summary: 'The setup checklist: broker, benAdmin, docusignEnvelop, configCompanyInfo, importCompanyInfo',
  request: { params },
  responses: {
    200: json(ClientSetup, 'Each step and whether setup is complete'),
    403: problem('Not yours'),
    404: problem('No such client'),
  },
});

export const WelcomeFlow = z.object({
  clientName: z.string(),
  welcomeFlowCompletedAt: z.string().nullable(),
  implementationConsultant: ImplementationConsultant.nullable(),
  /** The dates the client's people plan around: policy effective dates and the earliest due task. */
  keyDates: z.array(z.object({ label: z.string(), date: z.string() })),
});

export const getWelcomeFlow = defineRoute('GET /api/clients/{clientId}/welcome-flow', {
  tag: 'client-lifecycle',
  summary: 'What the signed-in person sees on their first visit, and whether they have seen it',
  request: { params },
  responses: {
    200: json(WelcomeFlow, 'The welcome flow'),
    403: problem('Not yours'),
    404: problem('No such client'),
  },
});
