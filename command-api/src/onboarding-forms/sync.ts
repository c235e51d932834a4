import { requireActor, requirePermission } from '../http/context.ts';
import type { syncEnvelope } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** The form as it now is. */
export const syncForm =
  (forms: OnboardingForms): RouteHandler<typeof syncEnvelope> =>
  async (req, res) => {
    const { deps, readEnvelope, viewOf } = forms;
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'read', { clientId });
    res.json(viewOf(await readEnvelope(clientId, String(req.params.onboardingFormId))));
  };
