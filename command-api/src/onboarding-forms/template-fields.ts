import { signingTemplateStream } from '@onboard/events';
import { signingTemplateDecider, type SigningTemplateCommand } from '@onboard/domain/onboarding-forms/index';
import { decideOnStream } from '../http/decide.ts';
import type { setSigningTemplateFields } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** Staff place a template's roles and fields. */
export const setTemplateFields =
  (forms: OnboardingForms): RouteHandler<typeof setSigningTemplateFields> =>
  async (req, res, input) => {
    const { deps, requireStaff } = forms;
    const actor = await requireStaff(req);
    const templateId = String(req.params.templateId);
    const { roles, fields } = input.body();
    const { after } = await decideOnStream(deps, {
      request: { ifMatch: null, correlationId: deps.newId() },
      actor,
      stream: signingTemplateStream(templateId),
      decider: signingTemplateDecider,
      build: (_s, metadata) =>
        ({
          type: 'SetTemplateFields',
          data: { templateId, roles, fields },
          metadata,
        }) satisfies SigningTemplateCommand,
    });
    res.json(after);
  };
