import type pg from 'pg';
import {
  ClientEmailRulesSet,
  EmailDigestChosen,
  WrongExpectedRevisionError,
  emailPreferencesStream,
  emailRulesStream,
  type EmailKind,
  type EventStore,
} from '@onboard/events';
import { NotFoundError } from '@onboard/domain';
import { EMAIL_TEMPLATES, emailText, type TemplateData } from '@onboard/domain/emails/templates';
import { recipientsFor, type EmailRule, type RuleKind } from '@onboard/domain/emails/rules';
import type { EmailSender } from '../auth/email-port.ts';

/** Whether the user chose the daily digest (false until they do). */
export async function choosesDailyDigest(store: EventStore, userId: string) {
  const last = (await store.readStream(emailPreferencesStream(userId))).at(-1);
  return last ? EmailDigestChosen.shape.data.parse(last.data).daily : false;
}

/** The client's notification rules as last set (none: every kind's default). */
export async function loadEmailRules(store: EventStore, clientId: string) {
  const events = await store.readStream(emailRulesStream(clientId));
  const last = events.at(-1);
  const rules = last ? (ClientEmailRulesSet.shape.data.parse(last.data).rules as EmailRule[]) : [];
  return { rules, revision: events.length === 0 ? ('no_stream' as const) : BigInt(events.length - 1) };
}

export type ClientEmailDeps = {
  store: EventStore;
  pool: pg.Pool;
  emailSender: EmailSender;
  /** The base of e-mailed links. */
  publicUrl: () => string;
};

export type Person = { user_id: string; first_name: string; last_name: string; email: string; role: string };

/**
 * An event about a client that its people hear of by e-mail (a task sent back, a push finished): the
 * client's notification rules decide who receives it and who is copied, each person their own e-mail,
 * held for their daily digest when they chose one. `emailIdFor` names each e-mail from the event that
 * caused it, so a reactor that runs again after a crash sends none twice.
 */
export type ClientNotification = {
  kind: RuleKind;
  clientId: string;
  /** The template's values beyond the client's name and the person's first name; `path` is under the hub. */
  data: TemplateData;
  path: string;
  actor: { userId: string; role: string };
  emailIdFor: (userId: string) => string;
};

/** The client e-mails: who the people of a client are, who the rules pick, and one e-mail per person. */
export function clientEmails(deps: ClientEmailDeps) {
  const hubLink = (clientId: string, path = '') =>
    `${deps.publicUrl().replace(/\/+$/, '')}/client/${encodeURIComponent(clientId)}${path}`;

  /** The client's name and its benefits administrators and brokers (404 for no such client). */
  const clientAndPeople = async (clientId: string) => {
    const client = await deps.pool.query<{ name: string }>(
      'select name from rm_clients where client_id = $1',
      [clientId],
    );
    if (!client.rows[0]) throw new NotFoundError('Client not found');
    const people = await deps.pool.query<Person>(
      `select user_id, first_name, last_name, email, role from rm_users
       where not is_deleted and role in ('BEN_ADMIN', 'BROKER') and $1 = any(client_ids) order by email`,
      [clientId],
    );
    return { name: client.rows[0].name, people: people.rows };
  };

  /** One e-mail per person, from the kind's template. */
  const sendTemplate = async (
    kind: EmailKind,
    clientId: string,
    person: Person,
    data: TemplateData,
    actor: { userId: string; role: string },
    cc: string[] = [],
    emailId?: string,
  ) => {
    const content = EMAIL_TEMPLATES[kind]!.build({ firstName: person.first_name, ...data });
    const sent = await deps.emailSender.send({
      ...(emailId ? { emailId } : {}),
      kind,
      holdForDigest: await choosesDailyDigest(deps.store, person.user_id),
      to: [person.email],
      cc,
      subject: content.subject,
      body: emailText(content),
      content,
      link: content.action?.url ?? null,
      clientId,
      userIds: [person.user_id],
      actor,
    });
    return sent.emailId;
  };

  /** The client's rules applied: who gets their own e-mail, and the copies on each. */
  const recipientsOf = async (clientId: string, kind: RuleKind, people: Person[]) => {
    const { rules } = await loadEmailRules(deps.store, clientId);
    const { to, cc } = recipientsFor(
      rules,
      kind,
      people.map((p) => ({ userId: p.user_id, name: p.first_name, email: p.email, role: p.role })),
    );
    return { to: people.filter((p) => to.some((t) => t.userId === p.user_id)), cc };
  };

  /** Sends a notification to whom the client's rules name; an e-mail already sent is not sent again. */
  const notifyClient = async (notification: ClientNotification): Promise<string[]> => {
    const { kind, clientId, actor } = notification;
    const found = await clientAndPeople(clientId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!found) return [];
    const { to, cc } = await recipientsOf(clientId, kind, found.people);
    const data = { clientName: found.name, link: hubLink(clientId, notification.path), ...notification.data };
    const emailIds: string[] = [];
    for (const person of to) {
      const emailId = notification.emailIdFor(person.user_id);
      try {
        await sendTemplate(kind, clientId, person, data, actor, cc, emailId);
      } catch (error) {
        // Sent before a crash: the e-mail's stream already exists.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
      emailIds.push(emailId);
    }
    return emailIds;
  };

  return { hubLink, clientAndPeople, sendTemplate, recipientsOf, notifyClient };
}
