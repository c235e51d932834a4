import { z } from 'zod';
import { defineRoute, media, problem } from '@onboard/api-contract';

export const getEvidencePack = defineRoute('GET /api/clients/{clientId}/evidence-pack', {
  tag: 'eif',
  summary:
    'The sealed evidence pack of the client’s onboarding: signed forms, audit trails, the EIF summary and the event chain, PAdES-signed (staff)',
  request: { params: z.object({ clientId: z.string().min(1) }) },
  responses: {
    200: media('application/pdf', 'PDF attachment (Content-Disposition: attachment; filename=...)'),
    403: problem('Not staff'),
    404: problem('No such client'),
    503: problem('No carrier certificate is configured'),
  },
});
