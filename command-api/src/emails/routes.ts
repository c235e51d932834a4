import { Router } from 'express';
import type pg from 'pg';
import {
  EmailEvent,
  handleCommand,
  emailPreferencesStream,
  emailRulesStream,
  emailStream,
  type EventStore,
} from '@onboard/events';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  isInternal,
  type Resource,
  isTaskId,
  taskDefinition,
  FINAL_STATUSES,
  foldEmail,
  emailDecider,
  emailPreferencesDecider,
  emailRulesDecider,
  emailText,
  type TemplateData,
  effectiveRules,
  ruleErrors,
  type EmailRule,
} from '@onboard/domain';
import type { RouteContract } from '@onboard/api-contract';
import { mount } from '@onboard/api-contract/express';
import { clientEmails } from './client-emails.ts';
import type { EmailSender } from '../auth/email-port.ts';
import { requireActor, requirePermission, type Authenticate } from '../http/context.ts';
import {
  CLIENT_EMAIL_OPERATIONS,
  generateActivityEmails,
  resendEmail,
  resendRejectedEmails,
  sendActivelyAtWorkReminders,
  sendDentalEmails,
  sendPhaseChangeEmails,
  sendPostOnboardingSurvey,
  sendRiskAcceptanceEmails,
  sendUpcomingDateEmails,
  sendDailyDigestsNow,
  setEmailPreferences,
  setEmailRules,
  emailOpened,
} from './routes.contract.ts';
import { openPixel } from './opened.ts';

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

/**
 * Sends the held e-mails: one digest per person listing each e-mail's subject and its link, then records
 * each held e-mail as sent in that digest (at the revision read, so none is included twice).
 */
export async function sendDailyDigests(
  deps: Pick<EmailCommandDeps, 'store' | 'pool' | 'emailSender' | 'newId' | 'now'>,
  actor: { userId: string; role: string },
): Promise<string[]> {
  const { rows } = await deps.pool.query<{
    id: string;
    user_id: string;
    subject: string;
    body: string;
    cc: string | null;
  }>(
    `select e.id, e.user_ids->>0 as user_id, e.subject, e.body, e.cc from rm_emails e
     where e.status = 'HELD' and jsonb_array_length(e.user_ids) > 0 order by e.user_ids->>0, e.created_at`,
  );
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const digests: string[] = [];
  for (const [userId, held] of byUser) {
    const user = await deps.pool.query<{ first_name: string; email: string }>(
      'select first_name, email from rm_users where user_id = $1 and not is_deleted',
      [userId],
    );
    if (!user.rows[0]) continue;
    const content = {
      subject: `Your Onboard digest: ${held.length} ${held.length === 1 ? 'update' : 'updates'}`,
      greeting: `Hello ${user.rows[0].first_name},`,
      paragraphs: [
        'Here is what happened since your last digest:',
        ...held.map((e) => {
          const link = /https?:\/\/\S+/.exec(e.body)?.[0];
          return link ? `${e.subject}: ${link}` : e.subject;
        }),
      ],
      action: null,
      note: 'You chose to receive these e-mails once a day. Staff can switch you back to single e-mails.',
    };
    // Whoever the held e-mails copied (by the client's rules) is copied on the digest that carries them.
    const own = user.rows[0].email.toLowerCase();
    const cc = [
      ...new Map(
        held
          .flatMap((e) => (e.cc ?? '').split(','))
          .map((a) => a.trim())
          .filter((a) => a !== '' && a.toLowerCase() !== own)
          .map((a) => [a.toLowerCase(), a] as const),
      ).values(),
    ];
    const { emailId: digestEmailId } = await deps.emailSender.send({
      kind: 'DAILY_DIGEST',
      to: [user.rows[0].email],
      cc,
      subject: content.subject,
      body: emailText(content),
      content,
      link: null,
      clientId: null,
      userIds: [userId],
      actor,
    });
    for (const e of held) {
      await handleCommand(deps.store, emailDecider, {
        stream: emailStream(e.id),
        newId: deps.newId,
        command: {
          type: 'IncludeInDigest',
          data: { emailId: e.id, digestEmailId },
          metadata: { at: deps.now().toISOString(), by: actor },
        },
        metadata: systemMetadata(actor, deps.now(), digestEmailId),
      }).catch(() => undefined);
    }
    digests.push(digestEmailId);
  }
  return digests;
}

const systemMetadata = (actor: { userId: string; role: string }, at: Date, correlationId: string) => ({
  actorId: actor.userId,
  actorRole: actor.role,
  occurredAt: at.toISOString(),
  correlationId,
});

const PHASE_LABELS: Record<string, string> = {
  setup: 'Setup',
  eif: 'Employer information form',
  enrollment: 'Enrollment',
  live: 'Live',
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

/** Writes on e-mails (onboarding §7 "Emails"): resend and the owner-only e-mails, each with its permission of platform §6. */
export function emailCommandRoutes(deps: EmailCommandDeps): Router {
  const router = Router();

  const { hubLink, clientAndPeople, sendTemplate, recipientsOf } = clientEmails(deps);

  mount(router, setEmailPreferences, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    if (actor.userId !== userId && !isInternal(actor)) throw new ForbiddenError('Forbidden');
    const { daily } = input.body();
    const at = deps.now();
    await handleCommand(deps.store, emailPreferencesDecider, {
      stream: emailPreferencesStream(userId),
      appendAt: 'any',
      newId: deps.newId,
      command: {
        type: 'ChooseDigest',
        data: { userId, daily },
        metadata: { at: at.toISOString(), by: actor },
      },
      metadata: systemMetadata(actor, at, deps.newId()),
    });
    res.json({ daily });
  });

  mount(router, sendDailyDigestsNow, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'emails', 'create');
    const emailIds = await sendDailyDigests(deps, { userId: actor.userId, role: actor.role });
    res.status(201).json({ emailIds, count: emailIds.length });
  });

  mount(router, setEmailRules, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'emails', 'create');
    const clientId = String(req.params.clientId);
    await clientAndPeople(clientId);
    const rules = input.body().rules as EmailRule[];
    const errors = ruleErrors(rules);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const at = deps.now();
    await handleCommand(deps.store, emailRulesDecider, {
      stream: emailRulesStream(clientId),
      newId: deps.newId,
      command: {
        type: 'SetClientEmailRules',
        data: { clientId, rules },
        metadata: { at: at.toISOString(), by: actor },
      },
      metadata: systemMetadata(actor, at, deps.newId()),
    });
    res.json({ rules: effectiveRules(rules) });
  });

  const clientRoute = (
    contract: RouteContract,
    segment: keyof typeof CLIENT_EMAIL_OPERATIONS,
    data: (clientId: string, body: Record<string, string>) => Promise<TemplateData>,
  ) =>
    mount(router, contract, async (req, res, input) => {
      const actor = await requireActor(deps.authenticate, req);
      const operation = CLIENT_EMAIL_OPERATIONS[segment];
      requirePermission(actor, operation.resource as Resource, 'create');
      const clientId = String(req.params.clientId);
      const body = ((input as { body: () => unknown }).body() ?? {}) as Record<string, string>;
      const { name, people } = await clientAndPeople(clientId);
      if (people.every((p) => p.role === 'CONSULTANT'))
        throw new AppError(
          422,
          'NO_RECIPIENTS',
          'The client has no benefits administrator or broker to e-mail',
        );
      const values = { clientName: name, link: hubLink(clientId), ...(await data(clientId, body)) };
      const { to, cc } = await recipientsOf(clientId, operation.kind, people);
      if (to.length === 0)
        throw new AppError(
          422,
          'NO_RECIPIENTS',
          'The client’s notification rules send this e-mail to nobody',
        );
      const emailIds: string[] = [];
      for (const person of to)
        emailIds.push(await sendTemplate(operation.kind, clientId, person, values, actor, cc));
      res.status(201).json({ emailIds, count: emailIds.length });
    });

  clientRoute(sendPostOnboardingSurvey, 'post-onboarding-survey', async () => ({}));
  clientRoute(sendRiskAcceptanceEmails, 'risk-acceptance', async () => ({}));
  clientRoute(sendActivelyAtWorkReminders, 'actively-at-work-reminder', async (clientId) => {
    const { rows } = await deps.pool.query<{ d: string | null }>(
      `select min(p->>'effectiveDate') as d from rm_client_lifecycle l, jsonb_array_elements(l.policies) p
       where l.client_id = $1`,
      [clientId],
    );
    const d = rows[0]?.d;
    return {
      effectiveDate: d
        ? new Date(`${d.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
            dateStyle: 'long',
            timeZone: 'UTC',
          })
        : 'the policy’s effective date',
    };
  });
  clientRoute(sendDentalEmails, 'dental', async (clientId) => ({
    link: hubLink(clientId, '/resources-listing'),
  }));
  clientRoute(sendUpcomingDateEmails, 'upcoming-date', async (_clientId, body) => ({
    dateName: body.dateName ?? '',
    date: body.date ?? '',
  }));
  // The phase rule of domain/src/clients/phase.ts over the read models, as the client list has it.
  clientRoute(sendPhaseChangeEmails, 'phase-change', async (clientId) => {
    const { rows } = await deps.pool.query<{ phase: string }>(
      `select case when l.release_status = 'LIVE' then 'live'
         when l.client_id is not null and l.completed_setup_at is null then 'setup'
         when c.eif_status is distinct from 'signed' then 'eif' else 'enrollment' end as phase
       from rm_clients c left join rm_client_lifecycle l on l.client_id = c.client_id where c.client_id = $1`,
      [clientId],
    );
    return { phase: PHASE_LABELS[rows[0]?.phase ?? 'eif']! };
  });

  mount(router, generateActivityEmails, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'activity-emails', 'create');
    const today = deps.now().toISOString().slice(0, 10);
    const { rows } = await deps.pool.query<{
      client_id: string;
      task_id: string;
      policy_id: string;
      due_date: string;
    }>(
      `select client_id, task_id, policy_id, to_char(due_date, 'YYYY-MM-DD') as due_date from rm_tasks
       where status <> all($2::text[]) and due_date between $1::date and $1::date + 6
       order by client_id, due_date, task_id`,
      [today, FINAL_STATUSES],
    );
    const emailIds: string[] = [];
    for (const task of rows) {
      if (!isTaskId(task.task_id)) continue;
      const { name, people } = await clientAndPeople(task.client_id).catch(() => ({ name: '', people: [] }));
      const path = `/task/${encodeURIComponent(task.task_id)}${task.policy_id ? `/${encodeURIComponent(task.policy_id)}` : ''}`;
      const dueDate = new Date(`${task.due_date}T00:00:00Z`).toLocaleDateString('en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      });
      const { to, cc } = await recipientsOf(task.client_id, 'TASK_DUE_SOON', people);
      for (const person of to)
        emailIds.push(
          await sendTemplate(
            'TASK_DUE_SOON',
            task.client_id,
            person,
            {
              clientName: name,
              taskName: taskDefinition(task.task_id).title,
              dueDate,
              link: hubLink(task.client_id, path),
            },
            actor,
            cc,
          ),
        );
    }
    res.status(201).json({ emailIds, count: emailIds.length });
  });

  mount(router, resendRejectedEmails, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'resend-rejected-emails', 'create');
    const { rows } = await deps.pool.query<{ id: string }>(
      `select e.id from rm_emails e where e.status in ('FAILED', 'BOUNCED')
       and not exists (select 1 from rm_emails r where r.resend_of = e.id) order by e.created_at`,
    );
    const emailIds: string[] = [];
    for (const { id } of rows) {
      const email = await loadEmail(deps.store, id);
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
      emailIds.push(sent.emailId);
    }
    res.status(201).json({ emailIds, count: emailIds.length });
  });

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

  mount(router, emailOpened, openPixel(deps));

  return router;
}
