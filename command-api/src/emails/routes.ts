import { Router } from 'express';
import { EmailEvent, emailStream, type EventStore } from '@onboard/events';
import { NotFoundError } from '@onboard/domain';
import { foldEmail } from '@onboard/domain/emails/outbox';
import { mount } from '@onboard/api-contract/express';
import type { EmailSender } from '../auth/email-port.ts';
import { requireActor, requirePermission, type Authenticate } from '../http/context.ts';
import { resendEmail } from './routes.contract.ts';

export type EmailCommandDeps = {
  store: EventStore;
  authenticate: Authenticate;
  emailSender: EmailSender;
};

/** Loads an e-mail from its stream (404 when there is none). */
export async function loadEmail(store: EventStore, emailId: string) {
  const events = await store.readStream(emailStream(emailId));
  const email = foldEmail(
    events.map((e) => ({
      event: EmailEvent.parse({ type: e.type, data: e.data }),
      occurredAt: e.metadata.occurredAt,
    })),
  );
  if (!email) throw new NotFoundError('Email not found');
  return email;
}

/** Writes on e-mails (onboarding §7 "Emails"): resend, with the permission of platform §6. */
export function emailCommandRoutes(deps: EmailCommandDeps): Router {
  const router = Router();

  mount(router, resendEmail, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'email-resend', 'create');
    const email = await loadEmail(deps.store, String(req.params.emailId));
    const { emailId } = await deps.emailSender.send({
      kind: email.kind,
      to: email.to,
      cc: email.cc,
      subject: email.subject,
      body: email.body,
      html: email.html,
      link: null,
      clientId: email.clientId,
      userIds: email.userIds,
      resendOf: email.emailId,
      actor: { userId: actor.userId, role: actor.role },
    });
    res.status(201).json({ emailId });
  });

  return router;
}
