import { Router, type Request } from 'express';
import { FEATURE_TOGGLES_STREAM } from '@onboard/events';
import {
  ForbiddenError,
  isInternal,
  featureTogglesDecider,
  type FeatureToggleIntent,
  isFeatureToggleName,
  type FeatureToggleName,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type CommandDeps } from '../http/context.ts';
import { decideIntent, unversioned } from '../http/decide.ts';
import { clearFeatureToggleOverride, setFeatureToggle } from './routes.contract.ts';

const RACE_MESSAGE = 'The feature toggles were changed by someone else at the same moment. Try again.';

export type FeatureToggleCommandDeps = CommandDeps & {
  /**
   * Called after a toggle's global value was set (the platform's cached service status takes it at once:
   * the read model catches up a moment later).
   */
  onGlobalSet?: (toggle: FeatureToggleName, enabled: boolean) => void;
};

/** Staff switch feature toggles: one stream (`feature-toggles`) decided by the feature-toggles decider. */
export function featureToggleCommandRoutes(deps: FeatureToggleCommandDeps): Router {
  const router = Router();

  const execute = async (req: Request, intent: FeatureToggleIntent) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff switch feature toggles');
    await decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: FEATURE_TOGGLES_STREAM,
      decider: featureTogglesDecider,
      intent,
      conflictMessage: RACE_MESSAGE,
    });
  };

  mount(router, setFeatureToggle, async (req, res, input) => {
    const { enabled, clientId } = input.body();
    await execute(req, {
      type: 'SetFeatureToggle',
      data: { toggle: String(req.params.toggle), clientId, enabled },
    });
    if (clientId === null && isFeatureToggleName(String(req.params.toggle)))
      deps.onGlobalSet?.(String(req.params.toggle) as FeatureToggleName, enabled);
    res.status(204).end();
  });

  mount(router, clearFeatureToggleOverride, async (req, res) => {
    await execute(req, {
      type: 'ClearFeatureToggleOverride',
      data: { toggle: String(req.params.toggle), clientId: String(req.params.clientId) },
    });
    res.status(204).end();
  });

  return router;
}
