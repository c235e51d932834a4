import { Router, type Request } from 'express';
import { BEN_ADMIN_PLATFORMS_STREAM } from '@onboard/events';
import {
  ForbiddenError,
  NotFoundError,
  isInternal,
  type Actor,
  NO_SUCH_PLATFORM,
  benAdminPlatformsDecider,
  type BenAdminPlatformIntent,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type CommandDeps } from '../http/context.ts';
import { decideIntent, unversioned } from '../http/decide.ts';
import { addBenAdminPlatform, editBenAdminPlatform, retireBenAdminPlatform } from './routes.contract.ts';

const RACE_MESSAGE = 'The platform catalogue was changed by someone else at the same moment. Try again.';

/**
 * The benefits-administration platform catalogue (platform §7 Other): one stream
 * (`ben-admin-platforms`) decided by its decider and appended at the revision read, so two staff adding
 * the same name at once get one platform and one 409.
 */
export function benAdminPlatformCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

  const requireStaff = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage the platform catalogue');
    return actor;
  };

  const execute = async (req: Request, actor: Actor, intent: BenAdminPlatformIntent) => {
    const { after } = await decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: BEN_ADMIN_PLATFORMS_STREAM,
      decider: benAdminPlatformsDecider,
      intent,
      conflictMessage: RACE_MESSAGE,
    });
    const platform = after.platforms.get(intent.data.platformId);
    if (!platform) throw new NotFoundError(NO_SUCH_PLATFORM);
    return platform;
  };

  mount(router, addBenAdminPlatform, async (req, res, input) => {
    const actor = await requireStaff(req);
    const platform = await execute(req, actor, {
      type: 'AddBenAdminPlatform',
      data: { platformId: deps.newId(), platform: input.body() },
    });
    res.status(201).json(platform);
  });

  mount(router, editBenAdminPlatform, async (req, res, input) => {
    const actor = await requireStaff(req);
    const platform = await execute(req, actor, {
      type: 'EditBenAdminPlatform',
      data: { platformId: String(req.params.platformId), platform: input.body() },
    });
    res.json(platform);
  });

  mount(router, retireBenAdminPlatform, async (req, res) => {
    const actor = await requireStaff(req);
    const platform = await execute(req, actor, {
      type: 'RetireBenAdminPlatform',
      data: { platformId: String(req.params.platformId) },
    });
    res.json(platform);
  });

  return router;
}
