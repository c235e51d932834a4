import { z } from 'zod';
import { defineRoute, media } from '@onboard/api-contract';

export const eventsStream = defineRoute('GET /api/events/stream', {
  tag: 'platform',
  summary: 'Push status and sent e-mails (admins and owners); conversations (their clients’ people too)',
  description: 'Server-Sent Events; a browser reconnecting with Last-Event-ID gets what it missed.',
  request: { headers: z.object({ 'last-event-id': z.string().optional() }) },
  responses: {
    200: media(
      'text/event-stream',
      'Server-Sent Events: QPS_PUSH_STATUS, EMAIL_SENT, ONBOARDING_FORM_STATUS and CONVERSATION_CHANGED (staff); CONVERSATION_CHANGED of their own clients’ shared threads (brokers, benefits administrators)',
    ),
  },
});
