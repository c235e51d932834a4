import { requireActor, requirePermission } from '../http/context.ts';
import type { voidOnboardingForm } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** Staff void a form still being signed. */
export const voidForm =
  (forms: OnboardingForms): RouteHandler<typeof voidOnboardingForm> =>
  async (req, res, input) => {
    const { deps, readEnvelope, executeEnvelope } = forms;
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'delete', { clientId });
    const envelopeId = String(req.params.onboardingFormId);
    await readEnvelope(clientId, envelopeId);
    await executeEnvelope(req, actor, {
      type: 'VoidEnvelope',
      data: { envelopeId, clientId, reason: input.query().reason?.trim() || 'Voided by staff' },
    });
    res.status(204).end();
  };
