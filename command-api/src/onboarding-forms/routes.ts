import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import {
  addOnboardingFormRecipient,
  createOnboardingForm,
  embeddedView,
  embeddedViewAction,
  extendSigningLink,
  reassignRecipient,
  setSigningTemplateFields,
  syncEnvelope,
  updateOnboardingFormEmail,
  uploadSigningTemplate,
  voidOnboardingForm,
} from './routes.contract.ts';
import { onboardingForms, type OnboardingFormCommandDeps } from './context.ts';
import { uploadTemplate, uploadTemplateChecks } from './upload-template.ts';
import { setTemplateFields } from './template-fields.ts';
import { createForm } from './create.ts';
import { addRecipient } from './add-recipient.ts';
import { reassign } from './reassign.ts';
import { voidForm } from './void.ts';
import { extendLink } from './extend-link.ts';
import { syncForm } from './sync.ts';
import { issueSigningLink } from './embedded-view.ts';
import { signingAction } from './sign.ts';
import { moveToNewEmail } from './update-email.ts';

/**
 * Onboarding forms with Onboard's own e-signature: templates (`template-{id}`) and envelopes
 * (`envelope-{id}`), each write decided by its decider and appended at the revision read. Signing actions
 * are authorised by a signing link's token (single use, short-lived) exchanged for a signing session, so a
 * recipient without an account signs the same way as one with.
 */
export function onboardingFormCommandRoutes(deps: OnboardingFormCommandDeps): Router {
  return routerOf(onboardingForms(deps), [
    // Templates -------------------------------------------------------------------------------------------
    handle(uploadSigningTemplate, uploadTemplate, uploadTemplateChecks),
    handle(setSigningTemplateFields, setTemplateFields),
    // Envelopes -------------------------------------------------------------------------------------------
    handle(createOnboardingForm, createForm),
    handle(addOnboardingFormRecipient, addRecipient),
    handle(reassignRecipient, reassign),
    handle(voidOnboardingForm, voidForm),
    handle(extendSigningLink, extendLink),
    handle(syncEnvelope, syncForm),
    handle(embeddedView, issueSigningLink),
    handle(embeddedViewAction, signingAction),
    handle(updateOnboardingFormEmail, moveToNewEmail),
  ]);
}
