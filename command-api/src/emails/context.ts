import type { Request } from 'express';
import type pg from 'pg';
import {
  EmailEvent,
  emailStream,
  handleCommand,
  type AppendAt,
  type EventStore,
  type StreamDecider,
} from '@onboard/events';
import { NotFoundError, foldEmail, type Intent, type Resource } from '@onboard/domain';
import type { EmailSender } from '../auth/email-port.ts';
import { requireActor, requirePermission, type Authenticate } from '../http/context.ts';
import { clientEmails } from './client-emails.ts';

export type EmailCommandDeps = {
  store: EventStore;
  authenticate: Authenticate;
  emailSender: EmailSender;
  pool: pg.Pool;
  now: () => Date;
  /** The base of e-mailed links. */
  publicUrl: () => string;
  newId: () => string;
};

type By = { userId: string; role: string };

export const systemMetadata = (actor: By, at: Date, correlationId: string) => ({
  actorId: actor.userId,
  actorRole: actor.role,
  occurredAt: at.toISOString(),
  correlationId,
});

/**
 * A person's choice about e-mails (their preferences, a client's rules) decided on its stream through
 * the one command handler, stamped with who made it and when.
 */
export const recordChoice = <State, Command, Event extends { type: string; data: unknown }, Refusal>(
  deps: Pick<EmailCommandDeps, 'store' | 'now' | 'newId'>,
  actor: By,
  decider: StreamDecider<State, Command, Event, Refusal>,
  choice: { stream: string; appendAt?: AppendAt; intent: Intent<Command> },
) => {
  const at = deps.now();
  return handleCommand(deps.store, decider, {
    stream: choice.stream,
    appendAt: choice.appendAt,
    newId: deps.newId,
    command: { ...choice.intent, metadata: { at: at.toISOString(), by: actor } } as Command,
    metadata: systemMetadata(actor, at, deps.newId()),
  });
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

/** What every handler of the e-mails shares: the dependencies, the client e-mails, the caller allowed. */
export type Emails = ReturnType<typeof emailCommands>;

export function emailCommands(deps: EmailCommandDeps) {
  /** The caller, when they may send what `resource` names (platform §6). */
  const allowedTo = async (req: Request, resource: Resource) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, resource, 'create');
    return actor;
  };

  /** An e-mail sent again as it was, named as the resending of the first. */
  const resend = async (emailId: string, actor: By) => {
    const email = await loadEmail(deps.store, emailId);
    const sent = await deps.emailSender.send({
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
    return sent.emailId;
  };

  return { deps, allowedTo, resend, ...clientEmails(deps) };
}
