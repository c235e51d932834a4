import type { setSigningTemplateFields } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** Staff place a template's roles and fields. */
export const setTemplateFields =
  (forms: OnboardingForms): RouteHandler<typeof setSigningTemplateFields> =>
  async (req, res, input) => {
    const { requireStaff, decideTemplate } = forms;
    const actor = await requireStaff(req);
    const templateId = String(req.params.templateId);
    const { roles, fields } = input.body();
    const after = await decideTemplate(actor, {
      type: 'SetTemplateFields',
      data: { templateId, roles, fields },
    });
    res.json(after);
  };
