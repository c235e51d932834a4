import { NotFoundError } from '@onboard/domain';
import { NO_SUCH_TEMPLATE } from '@onboard/domain';
import { requireActor, requirePermission } from '../http/context.ts';
import type { createOnboardingForm } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** A new onboarding form from a template, for the client's recipients. */
export const createForm =
  (forms: OnboardingForms): RouteHandler<typeof createOnboardingForm> =>
  async (req, res, input) => {
    const { deps, readTemplate, executeEnvelope, recipientOf, viewOf } = forms;
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'create', { clientId });
    const body = input.body();
    const template = await readTemplate(body.templateId);
    if (!template) throw new NotFoundError(NO_SUCH_TEMPLATE);
    const envelopeId = deps.newId();
    const state = await executeEnvelope(req, actor, {
      type: 'CreateEnvelope',
      data: {
        envelopeId,
        clientId,
        template: { ...template },
        formName: body.formName ?? template.name,
        recipients: body.recipients.map(recipientOf),
      },
    });
    res.status(201).json(viewOf(state));
  };
