import type { RouteHandler } from '@onboard/api-contract/express';
import type { resendEmail, resendRejectedEmails } from './routes.contract.ts';
import type { Emails } from './context.ts';

/** Staff send every failed or bounced e-mail again that was not sent again yet. */
export const resendRejected =
  ({ deps, allowedTo, resend }: Emails): RouteHandler<typeof resendRejectedEmails> =>
  async (req, res) => {
    const actor = await allowedTo(req, 'resend-rejected-emails');
    const { rows } = await deps.pool.query<{ id: string }>(
      `select e.id from rm_emails e where e.status in ('FAILED', 'BOUNCED')
       and not exists (select 1 from rm_emails r where r.resend_of = e.id) order by e.created_at`,
    );
    const emailIds: string[] = [];
    for (const { id } of rows) emailIds.push(await resend(id, actor));
    res.status(201).json({ emailIds, count: emailIds.length });
  };

/** Staff send one e-mail again. */
export const resendOne =
  ({ allowedTo, resend }: Emails): RouteHandler<typeof resendEmail> =>
  async (req, res) => {
    const actor = await allowedTo(req, 'email-resend');
    res.status(201).json({ emailId: await resend(String(req.params.emailId), actor) });
  };
