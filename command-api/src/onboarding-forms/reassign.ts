import { requireActor, requirePermission } from '../http/context.ts';
import type { reassignRecipient } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** A recipient's place given to someone else. */
export const reassign =
  (forms: OnboardingForms): RouteHandler<typeof reassignRecipient> =>
  async (req, res, input) => {
    const { deps, readEnvelope, executeEnvelope, recipientOf, viewOf } = forms;
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-form-reassign', 'update');
    const envelopeId = String(req.params.onboardingFormId);
    await readEnvelope(clientId, envelopeId);
    const body = input.body();
    const state = await executeEnvelope(req, actor, {
      type: 'ReassignRecipient',
      data: { envelopeId, clientId, fromRecipientId: body.recipientId, recipient: recipientOf(body) },
    });
    res.json(viewOf(state));
  };
