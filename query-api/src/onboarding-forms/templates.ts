import type { SigningTemplateState } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type {
  getOnboardingFormTemplate,
  listSigningTemplates,
  signingTemplatePdf,
} from './routes.contract.ts';
import type { OnboardingFormReads } from './context.ts';

/** A template, for a reader of the client's forms. */
export const getTemplate =
  ({ requireReader, readTemplate }: OnboardingFormReads): RouteHandler<typeof getOnboardingFormTemplate> =>
  async (req, res) => {
    await requireReader(req, String(req.params.clientId));
    res.json(await readTemplate(String(req.params.templateId)));
  };

/** Every template, last changed first (staff). */
export const listTemplates =
  ({ deps, requireStaff }: OnboardingFormReads): RouteHandler<typeof listSigningTemplates> =>
  async (req, res) => {
    await requireStaff(req);
    const { rows } = await deps.pool.query<{ state: NonNullable<SigningTemplateState> }>(
      'select state from rm_onboarding_form_templates order by updated_at desc',
    );
    res.set('cache-control', 'no-store').json(rows.map((r) => r.state));
  };

/** A template's PDF (staff). */
export const templatePdf =
  ({ requireStaff, readTemplate, sendPdf }: OnboardingFormReads): RouteHandler<typeof signingTemplatePdf> =>
  async (req, res) => {
    await requireStaff(req);
    const template = await readTemplate(String(req.params.templateId));
    await sendPdf(res, template.documentId, template.fileName);
  };
