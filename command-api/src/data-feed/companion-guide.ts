import { COMPANION_GUIDE_STREAM } from '@onboard/events';
import { ForbiddenError, isInternal } from '@onboard/domain';
import {
  companionGuideDecider,
  type CompanionGuideProfile,
  type ProfileCommand,
} from '@onboard/domain/data-feed';
import type { RouteHandler } from '@onboard/api-contract/express';
import { requireActor } from '../http/context.ts';
import { decideOnStream, unversioned } from '../http/decide.ts';
import type { setCompanionGuide } from './routes.contract.ts';
import type { DataFeed } from './context.ts';

/** Staff save the carrier's companion-guide profile, on its own stream. */
export const saveCompanionGuide =
  ({ deps }: DataFeed): RouteHandler<typeof setCompanionGuide> =>
  async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only staff edit the companion guide');
    const profile = input.body() as CompanionGuideProfile;
    const { after } = await decideOnStream(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: COMPANION_GUIDE_STREAM,
      decider: companionGuideDecider,
      build: (_state, metadata) => ({ type: 'SetProfile', data: { profile }, metadata }) as ProfileCommand,
    });
    res.json({ profile: after.profile, isDefault: false, changedAt: after.changedAt });
  };
