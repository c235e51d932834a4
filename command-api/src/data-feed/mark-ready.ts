import { EMAIL_TEMPLATES, RuleError } from '@onboard/domain';
import { CLEAN_ROUNDS_FOR_PRODUCTION, dataFeedView } from '@onboard/domain/data-feed';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { markDataFeedReady } from './routes.contract.ts';
import { loadView, type DataFeed } from './context.ts';
import { templated } from '../auth/email-port.ts';

/** Staff mark the feed ready for production; its production support contacts are told by e-mail. */
export const markReady =
  (feed: DataFeed): RouteHandler<typeof markDataFeedReady> =>
  async (req, res) => {
    const { deps, access, execute, moveTask } = feed;
    const { actor, clientId } = await access(req, true);
    const view = await loadView(deps, clientId);
    const support = view.contacts.filter(
      (c) =>
        c.type === 'DATA_FEEDS_PRODUCTION_SUPPORT' && typeof c.email === 'string' && c.email.includes('@'),
    );
    if (support.length === 0)
      throw new RuleError(
        'NO_PRODUCTION_SUPPORT',
        'Name a data feeds production support contact with an e-mail address in the EIF first: they are told the feed is ready',
      );
    const notified = [...new Set(support.map((c) => String(c.email)))];
    const { after, events } = await execute(req, actor, clientId, {
      type: 'MarkReady',
      data: { clientId, notified },
    });
    const round = String(
      events[0]?.type === 'DataFeedMarkedReady' ? events[0].data.round : after.rounds.length,
    );
    const link = `${deps.publicUrl().replace(/\/+$/, '')}/client/${encodeURIComponent(clientId)}/task/connect-service`;
    for (const contact of support) {
      const content = EMAIL_TEMPLATES.DATA_FEED_READY!.build({
        firstName: String(contact.firstName ?? ''),
        clientName: view.name,
        rounds: String(CLEAN_ROUNDS_FOR_PRODUCTION),
        round,
        link,
      });
      await deps.emailSender.send({
        kind: 'DATA_FEED_READY',
        to: [String(contact.email)],
        ...templated(content),
        link,
        clientId,
        actor: { userId: actor.userId, role: actor.role },
      });
    }
    await moveTask(req, actor, clientId, 'Done');
    res.json(dataFeedView(after));
  };
