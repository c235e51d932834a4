import type { reassignRecipient } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** A recipient's place given to someone else. */
export const reassign =
  (forms: OnboardingForms): RouteHandler<typeof reassignRecipient> =>
  async (req, res, input) => {
    const { callerOnForm, executeEnvelope, recipientOf, viewOf } = forms;
    const { actor, clientId, envelopeId } = await callerOnForm(req, 'update', {
      resource: 'onboarding-form-reassign',
    });
    const body = input.body();
    const state = await executeEnvelope(req, actor, {
      type: 'ReassignRecipient',
      data: { envelopeId, clientId, fromRecipientId: body.recipientId, recipient: recipientOf(body) },
    });
    res.json(viewOf(state));
  };
