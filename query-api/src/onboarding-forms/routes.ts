import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
import {
  downloadOnboardingForm,
  downloadOnboardingFormDocument,
  getOnboardingFormTemplate,
  listOnboardingForms,
  listSigningTemplates,
  onboardingFormLockStatus,
  readyToSignRecipients,
  signingTemplatePdf,
} from './routes.contract.ts';
import { onboardingFormReads, type OnboardingFormQueryDeps } from './context.ts';
import { listForms } from './list.ts';
import { readyToSign } from './ready-to-sign.ts';
import { getTemplate, listTemplates, templatePdf } from './templates.ts';
import { downloadDocument, downloadForm } from './download.ts';
import { lockStatus } from './lock-status.ts';

/** The onboarding forms read model (projections/src/onboarding-forms.ts) and the forms' PDFs. */
export function onboardingFormQueryRoutes(deps: OnboardingFormQueryDeps): Router {
  const router = Router();
  const reads = onboardingFormReads(deps);

  mount(router, listOnboardingForms, listForms(reads));
  mount(router, readyToSignRecipients, readyToSign(reads));
  mount(router, getOnboardingFormTemplate, getTemplate(reads));
  mount(router, listSigningTemplates, listTemplates(reads));
  mount(router, signingTemplatePdf, templatePdf(reads));
  mount(router, downloadOnboardingForm, downloadForm(reads));
  mount(router, downloadOnboardingFormDocument, downloadDocument(reads));
  mount(router, onboardingFormLockStatus, lockStatus(reads));

  return router;
}
