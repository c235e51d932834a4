import type { addOnboardingFormRecipient } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** One more recipient on a form. */
export const addRecipient =
  (forms: OnboardingForms): RouteHandler<typeof addOnboardingFormRecipient> =>
  async (req, res, input) => {
    const { callerOnForm, executeEnvelope, recipientOf, viewOf } = forms;
    const { actor, clientId, envelopeId } = await callerOnForm(req, 'update');
    const state = await executeEnvelope(req, actor, {
      type: 'AddRecipient',
      data: { envelopeId, clientId, recipient: recipientOf(input.body()) },
    });
    res.status(201).json(viewOf(state));
  };
