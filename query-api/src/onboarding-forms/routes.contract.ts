import { z } from 'zod';
import { errors, json, media, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { OnboardingFormSchema, SigningTemplateSchema } from '@onboard/api-contract/onboarding-forms';

const clientParams = pathParams('clientId');
const formParams = clientParams.extend({ onboardingFormId: z.string().min(1) });
/** The onboarding forms' reads. */
const formRead = routeFamily({ tag: 'onboarding-forms' });

export const listOnboardingForms = formRead('GET /api/clients/{clientId}/onboarding-forms', {
  summary: 'The client’s onboarding forms, newest first, with each recipient’s status and dates',
  request: { params: clientParams },
  responses: { 200: json(z.array(OnboardingFormSchema), 'The forms'), ...errors.noClient },
});

export const readyToSignRecipients = formRead(
  'GET /api/clients/{clientId}/onboarding-forms/ready-to-sign-recipients',
  {
    summary: 'The recipients whose turn it is to sign (the signed-in user’s own places; staff see all)',
    request: { params: clientParams },
    responses: {
      200: json(
        z.array(
          z.object({
            onboardingFormId: z.string(),
            formName: z.string(),
            recipientId: z.string(),
            name: z.string(),
            roleName: z.string(),
            hasAccount: z.boolean(),
          }),
        ),
        'The recipients',
      ),
    },
  },
);

export const getOnboardingFormTemplate = formRead(
  'GET /api/clients/{clientId}/onboarding-forms/template/{templateId}',
  {
    summary: 'A template: its pages, roles and fields',
    request: { params: clientParams.extend({ templateId: z.string().min(1) }) },
    responses: { 200: json(SigningTemplateSchema, 'The template'), 404: problem('No such template') },
  },
);

export const listSigningTemplates = formRead('GET /api/onboarding-form-templates', {
  summary: 'Every onboarding form template (staff)',
  responses: { 200: json(z.array(SigningTemplateSchema), 'The templates'), ...errors.notStaff },
});

export const signingTemplatePdf = formRead('GET /api/onboarding-form-templates/{templateId}/pdf', {
  summary: 'A template’s PDF, to place fields on its pages (staff)',
  request: { params: z.object({ templateId: z.string().min(1) }) },
  responses: {
    200: media('application/pdf', 'The PDF'),
    ...errors.notStaff,
    404: problem('No such template'),
  },
});

const downloadQuery = z.object({
  token: z
    .string()
    .max(2000)
    .optional()
    .meta({ description: 'A signing session, for a recipient without an account' }),
});

export const downloadOnboardingForm = formRead(
  'GET /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/download',
  {
    summary: 'The form’s PDF as it now is: once completed, every signature flattened into it',
    request: { params: formParams, query: downloadQuery },
    responses: { 200: media('application/pdf', 'The PDF'), 404: problem('No such form') },
  },
);

export const downloadOnboardingFormDocument = formRead(
  'GET /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/download/{docId}',
  {
    summary: 'One version of the form’s PDF: as sent, or after a given signature',
    request: { params: formParams.extend({ docId: z.string().min(1) }), query: downloadQuery },
    responses: { 200: media('application/pdf', 'The PDF'), 404: problem('No such form or version') },
  },
);

export const onboardingFormLockStatus = formRead(
  'GET /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/lockStatus',
  {
    summary: 'Whether someone is signing the form right now (one signer at a time), and who',
    request: { params: formParams },
    responses: {
      200: json(
        z.object({ locked: z.boolean(), recipientName: z.string().nullable(), until: z.string().nullable() }),
        'The lock',
      ),
      404: problem('No such form'),
    },
  },
);
