import { AppError, type Resource, type TemplateData } from '@onboard/domain';
import type { RouteContract } from '@onboard/api-contract';
import type { AnswerBody, RouteHandler } from '@onboard/api-contract/express';
import type { CLIENT_EMAIL_OPERATIONS } from './routes.contract.ts';
import type { Emails } from './context.ts';

/** The template's values of an e-mail beyond the client's name and link, from the client and the body sent. */
export type ClientEmailData = (
  emails: Emails,
  clientId: string,
  body: Record<string, string>,
) => Promise<TemplateData>;

/**
 * Staff send one of the client e-mails (onboarding §7 "Emails"): one per person the client's rules name,
 * each with the kind's template.
 */
export const sendToClient =
  (
    operation: (typeof CLIENT_EMAIL_OPERATIONS)[keyof typeof CLIENT_EMAIL_OPERATIONS],
    data: ClientEmailData,
  ) =>
  <C extends RouteContract>(emails: Emails): RouteHandler<C> =>
  async (req, res, input) => {
    const { allowedTo, clientAndPeople, hubLink, recipientsOf, sendTemplate } = emails;
    const actor = await allowedTo(req, operation.resource as Resource);
    const clientId = String(req.params.clientId);
    const body = ((input as { body: () => unknown }).body() ?? {}) as Record<string, string>;
    const { name, people } = await clientAndPeople(clientId);
    if (people.every((p) => p.role === 'CONSULTANT'))
      throw new AppError(
        422,
        'NO_RECIPIENTS',
        'The client has no benefits administrator or broker to e-mail',
      );
    const values = { clientName: name, link: hubLink(clientId), ...(await data(emails, clientId, body)) };
    const { to, cc } = await recipientsOf(clientId, operation.kind, people);
    if (to.length === 0)
      throw new AppError(422, 'NO_RECIPIENTS', 'The client’s notification rules send this e-mail to nobody');
    const emailIds: string[] = [];
    for (const person of to)
      emailIds.push(await sendTemplate(operation.kind, clientId, person, values, actor, cc));
    res.status(201).json({ emailIds, count: emailIds.length } as AnswerBody<C>);
  };

const PHASE_LABELS: Record<string, string> = {
  setup: 'Setup',
  eif: 'Employer information form',
  enrollment: 'Enrollment',
  live: 'Live',
};

export const noData: ClientEmailData = async () => ({});

/** The earliest effective date of the client's policies, in words. */
export const effectiveDateData: ClientEmailData = async ({ deps }, clientId) => {
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
};

export const resourcesLinkData: ClientEmailData = async ({ hubLink }, clientId) => ({
  link: hubLink(clientId, '/resources-listing'),
});

export const upcomingDateData: ClientEmailData = async (_emails, _clientId, body) => ({
  dateName: body.dateName ?? '',
  date: body.date ?? '',
});

/** The client's phase: the phase rule of domain/src/clients/phase.ts over the read models, as the client list has it. */
export const phaseData: ClientEmailData = async ({ deps }, clientId) => {
  const { rows } = await deps.pool.query<{ phase: string }>(
    `select case when l.release_status = 'LIVE' then 'live'
       when l.client_id is not null and l.completed_setup_at is null then 'setup'
       when c.eif_status is distinct from 'signed' then 'eif' else 'enrollment' end as phase
     from rm_clients c left join rm_client_lifecycle l on l.client_id = c.client_id where c.client_id = $1`,
    [clientId],
  );
  return { phase: PHASE_LABELS[rows[0]?.phase ?? 'eif']! };
};
