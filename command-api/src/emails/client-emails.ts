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
import {
  NotFoundError,
  authorize,
  type Resource,
  type Role,
  EMAIL_TEMPLATES,
  type TemplateData,
  RULE_ROLES,
  recipientsFor,
  type EmailRule,
  type RuleKind,
  type RuleRole,
} from '@onboard/domain';
import { readClientPeople } from '@onboard/api-contract/people';
import { type EmailSender, templated } from '../auth/email-port.ts';

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
  /** The link's path from the portal's root instead, for a page outside the hub (staff's review page). */
  rootPath?: string;
  /** Who receives it instead of the rule's receivers (a reminder goes to the task's owner); the rule's copies apply. */
  toRoles?: RuleRole[];
  /**
   * A notification for named people only (an @mention): each of them who may read `resource` of the
   * client (the permission table) receives it, a client's person as the kind's rule allows their role,
   * staff always; nobody is copied, as it is addressed to them.
   */
  named?: { userIds: readonly string[]; resource: Resource };
  /** The person the e-mail names as its author (`authorName` in the template), by their name now. */
  authorId?: string;
  actor: { userId: string; role: string };
  emailIdFor: (userId: string) => string;
};

/** A link into the client's hub; `path` is under it. */
const hubLinkOf = (deps: ClientEmailDeps, clientId: string, path = '') =>
  `${deps.publicUrl().replace(/\/+$/, '')}/client/${encodeURIComponent(clientId)}${path}`;

/**
 * The client's name and its people: benefits administrators, brokers and its implementation consultant
 * (role CONSULTANT here, whatever their staff role) (404 for no such client).
 */
async function clientAndPeopleOf(deps: ClientEmailDeps, clientId: string) {
  const client = await deps.pool.query<{ name: string }>('select name from rm_clients where client_id = $1', [
    clientId,
  ]);
  if (!client.rows[0]) throw new NotFoundError('Client not found');
  const people: Person[] = await readClientPeople(deps.pool, clientId, 'email');
  return { name: client.rows[0].name, people };
}

/** One e-mail per person, from the kind's template. */
async function sendTemplateTo(
  deps: ClientEmailDeps,
  kind: EmailKind,
  clientId: string,
  person: Person,
  data: TemplateData,
  actor: { userId: string; role: string },
  cc: string[] = [],
  emailId?: string,
) {
  const content = EMAIL_TEMPLATES[kind]!.build({ firstName: person.first_name, ...data });
  const sent = await deps.emailSender.send({
    ...(emailId ? { emailId } : {}),
    kind,
    holdForDigest: await choosesDailyDigest(deps.store, person.user_id),
    to: [person.email],
    cc,
    ...templated(content),
    link: content.action?.url ?? null,
    clientId,
    userIds: [person.user_id],
    actor,
  });
  return sent.emailId;
}

/** The client's rules applied: who gets their own e-mail, and the copies on each. */
async function recipientsAmong(
  deps: ClientEmailDeps,
  clientId: string,
  kind: RuleKind,
  people: Person[],
  toRoles?: RuleRole[],
) {
  const { rules } = await loadEmailRules(deps.store, clientId);
  const { to, cc } = recipientsFor(
    rules,
    kind,
    people.map((p) => ({ userId: p.user_id, name: p.first_name, email: p.email, role: p.role })),
    toRoles,
  );
  return { to: people.filter((p) => to.some((t) => t.userId === p.user_id)), cc };
}

/** The named people who may read the resource of the client, as they are now (a person unassigned since is left out). */
async function namedPeople(
  deps: ClientEmailDeps,
  clientId: string,
  named: NonNullable<ClientNotification['named']>,
) {
  const rows = await deps.pool.query<Person & { client_ids: string[] }>(
    `select user_id, first_name, last_name, email, role, client_ids from rm_users
      where not is_deleted and user_id = any($1) order by email`,
    [[...named.userIds]],
  );
  return rows.rows
    .filter(
      (row) =>
        authorize(
          { userId: row.user_id, role: row.role as Role, clientIds: row.client_ids },
          named.resource,
          'read',
          { clientId },
        ).allowed,
    )
    .map(({ client_ids: _, ...person }) => person);
}

/** Named people: staff always, a client's person when the kind's rule sends it to their role. */
async function namedRecipientsOf(deps: ClientEmailDeps, clientId: string, kind: RuleKind, people: Person[]) {
  const isClientPerson = (p: Person) => (RULE_ROLES as readonly string[]).includes(p.role);
  const { to } = await recipientsAmong(deps, clientId, kind, people.filter(isClientPerson));
  return {
    to: people.filter((p) => !isClientPerson(p) || to.some((t) => t.user_id === p.user_id)),
    cc: [],
  };
}

/** The name, now, of the person a notification names as its author. */
async function authorName(deps: ClientEmailDeps, authorId: string) {
  const { rows } = await deps.pool.query<{ name: string }>(
    `select trim(first_name || ' ' || last_name) as name from rm_users where user_id = $1`,
    [authorId],
  );
  return rows[0]?.name || 'Someone';
}

/** Sends a notification to whom the client's rules name; an e-mail already sent is not sent again. */
async function notifyClientOf(deps: ClientEmailDeps, notification: ClientNotification): Promise<string[]> {
  const { kind, clientId, actor, named } = notification;
  const found = await clientAndPeopleOf(deps, clientId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  if (!found) return [];
  const { to, cc } = named
    ? await namedRecipientsOf(deps, clientId, kind, await namedPeople(deps, clientId, named))
    : await recipientsAmong(deps, clientId, kind, found.people, notification.toRoles);
  const link = notification.rootPath
    ? `${deps.publicUrl().replace(/\/+$/, '')}${notification.rootPath}`
    : hubLinkOf(deps, clientId, notification.path);
  const data = {
    clientName: found.name,
    link,
    ...(notification.authorId ? { authorName: await authorName(deps, notification.authorId) } : {}),
    ...notification.data,
  };
  const emailIds: string[] = [];
  for (const person of to) {
    const emailId = notification.emailIdFor(person.user_id);
    try {
      await sendTemplateTo(deps, kind, clientId, person, data, actor, cc, emailId);
    } catch (error) {
      // Sent before a crash: the e-mail's stream already exists.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    emailIds.push(emailId);
  }
  return emailIds;
}

/** The client e-mails: who the people of a client are, who the rules pick, and one e-mail per person. */
export function clientEmails(deps: ClientEmailDeps) {
  return {
    hubLink: (clientId: string, path?: string) => hubLinkOf(deps, clientId, path),
    clientAndPeople: (clientId: string) => clientAndPeopleOf(deps, clientId),
    sendTemplate: (...args: DropFirst<Parameters<typeof sendTemplateTo>>) => sendTemplateTo(deps, ...args),
    recipientsOf: (...args: DropFirst<Parameters<typeof recipientsAmong>>) => recipientsAmong(deps, ...args),
    notifyClient: (notification: ClientNotification) => notifyClientOf(deps, notification),
  };
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
