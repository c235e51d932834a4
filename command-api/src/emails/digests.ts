import { emailStream, handleCommand } from '@onboard/events';
import { emailDecider } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { sendDailyDigestsNow } from './routes.contract.ts';
import { systemMetadata, type EmailCommandDeps, type Emails } from './context.ts';
import { templated } from '../auth/email-port.ts';

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
      ...templated(content),
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

/** Staff send the held e-mails' digests now, without waiting for the day's run. */
export const sendDigestsNow =
  ({ deps, allowedTo }: Emails): RouteHandler<typeof sendDailyDigestsNow> =>
  async (req, res) => {
    const actor = await allowedTo(req, 'emails');
    const emailIds = await sendDailyDigests(deps, { userId: actor.userId, role: actor.role });
    res.status(201).json({ emailIds, count: emailIds.length });
  };
