import { requireActor, requirePermission } from '../http/context.ts';
import type { addOnboardingFormRecipient } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** One more recipient on a form. */
export const addRecipient =
  (forms: OnboardingForms): RouteHandler<typeof addOnboardingFormRecipient> =>
  async (req, res, input) => {
    const { deps, readEnvelope, executeEnvelope, recipientOf, viewOf } = forms;
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'update', { clientId });
    const envelopeId = String(req.params.onboardingFormId);
    await readEnvelope(clientId, envelopeId);
    const state = await executeEnvelope(req, actor, {
      type: 'AddRecipient',
      data: { envelopeId, clientId, recipient: recipientOf(input.body()) },
    });
    res.status(201).json(viewOf(state));
  };
