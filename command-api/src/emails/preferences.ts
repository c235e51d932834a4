import { emailPreferencesStream, handleCommand } from '@onboard/events';
import { ForbiddenError, emailPreferencesDecider, isInternal } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { requireActor } from '../http/context.ts';
import type { setEmailPreferences } from './routes.contract.ts';
import { systemMetadata, type Emails } from './context.ts';

/** A person (or staff for them) chooses single e-mails or the daily digest. */
export const choosePreferences =
  ({ deps }: Emails): RouteHandler<typeof setEmailPreferences> =>
  async (req, res, input) => {
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
  };
