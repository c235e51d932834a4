import { emailPreferencesStream } from '@onboard/events';
import { ForbiddenError, emailPreferencesDecider, isInternal } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { requireActor } from '../http/context.ts';
import type { setEmailPreferences } from './routes.contract.ts';
import { recordChoice, type Emails } from './context.ts';

/** A person (or staff for them) chooses single e-mails or the daily digest. */
export const choosePreferences =
  ({ deps }: Emails): RouteHandler<typeof setEmailPreferences> =>
  async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    if (actor.userId !== userId && !isInternal(actor)) throw new ForbiddenError('Forbidden');
    const { daily } = input.body();
    await recordChoice(deps, actor, emailPreferencesDecider, {
      stream: emailPreferencesStream(userId),
      appendAt: 'any',
      intent: { type: 'ChooseDigest', data: { userId, daily } },
    });
    res.json({ daily });
  };
