import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

const emailParams = z.object({ emailId: z.string().min(1) });
const Queued = z.object({ emailId: z.string() }).meta({ id: 'EmailQueuedAnswer' });

export const resendEmail = defineRoute({
  method: 'post',
  path: '/api/emails/{emailId}/resend',
  tag: 'emails',
  summary: 'Send an e-mail again, to the same recipients, as a new e-mail (admin and owner)',
  request: { params: emailParams },
  responses: {
    201: json(Queued, 'The new e-mail'),
    403: problem('Not allowed'),
    404: problem('No such e-mail'),
  },
});
