import type { voidOnboardingForm } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** Staff void a form still being signed. */
export const voidForm =
  (forms: OnboardingForms): RouteHandler<typeof voidOnboardingForm> =>
  async (req, res, input) => {
    const { callerOnForm, executeEnvelope } = forms;
    const { actor, clientId, envelopeId } = await callerOnForm(req, 'delete');
    await executeEnvelope(req, actor, {
      type: 'VoidEnvelope',
      data: { envelopeId, clientId, reason: input.query().reason?.trim() || 'Voided by staff' },
    });
    res.status(204).end();
  };
