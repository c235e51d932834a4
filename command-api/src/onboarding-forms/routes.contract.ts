import { z } from 'zod';
import { errors, json, noContent, pathParams, problem, routeFamily } from '@onboard/api-contract';
import {
  OnboardingFormSchema,
  SigningFieldSchema,
  SigningRoleSchema,
  SigningTemplateSchema,
} from '@onboard/api-contract/onboarding-forms';

const clientParams = pathParams('clientId');
const formParams = clientParams.extend({ onboardingFormId: z.string().min(1) });
/** The onboarding forms' writes: templates and envelopes. */
const formRoute = routeFamily({ tag: 'onboarding-forms' });

const RecipientBody = z
  .object({
    roleId: z.string().min(1),
    name: z.string().max(200),
    email: z.string().max(320),
    userId: z.string().max(200).nullable().optional(),
  })
  .strict();

export const uploadSigningTemplate = formRoute('POST /api/onboarding-form-templates', {
  summary: 'Upload a PDF as a new onboarding form template (staff)',
  description:
    'The body is the PDF itself (application/pdf, or application/octet-stream when the browser cannot tell); its name (URI-encoded) in X-File-Name.',
  request: {
    headers: z.object({ 'x-file-name': z.string().meta({ description: 'The file name, URI-encoded' }) }),
    // A browser that cannot tell the file's type sends application/octet-stream; the content decides.
    bodyContentTypes: ['application/pdf', 'application/octet-stream'],
  },
  responses: {
    201: json(SigningTemplateSchema, 'The template, without fields yet'),
    400: problem('Not a PDF, empty, or no file name'),
    ...errors.notStaff,
    413: problem('Larger than 20 MB'),
    422: problem('The configured document store is read only'),
  },
});

export const setSigningTemplateFields = formRoute('PUT /api/onboarding-form-templates/{templateId}', {
  summary: 'Place the template’s recipient roles and fields on its pages (staff)',
  request: {
    params: z.object({ templateId: z.string().min(1) }),
    body: z
      .object({
        roles: z.array(SigningRoleSchema).min(1).max(20),
        fields: z.array(SigningFieldSchema).max(500),
      })
      .strict(),
  },
  responses: {
    200: json(SigningTemplateSchema, 'The template'),
    400: problem('A field outside its page, or a role without fields, keyed body.<where>'),
    ...errors.notStaff,
    404: problem('No such template'),
  },
});

export const createOnboardingForm = formRoute('POST /api/clients/{clientId}/onboarding-forms', {
  summary:
    'Send a template to the client’s recipients (name, e-mail and role; the role gives the routing order)',
  request: {
    params: clientParams,
    body: z
      .object({
        templateId: z.string().min(1),
        formName: z.string().max(200).optional(),
        recipients: z.array(RecipientBody).min(1).max(50),
      })
      .strict(),
  },
  responses: {
    201: json(OnboardingFormSchema, 'The onboarding form, sent'),
    400: problem('Invalid recipients, keyed body.recipients.<n>.<field>'),
    404: problem('No such client or template'),
  },
});

export const addOnboardingFormRecipient = formRoute(
  'POST /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/recipient',
  {
    summary: 'Add a recipient to a role of a form still being signed',
    request: { params: formParams, body: RecipientBody },
    responses: {
      201: json(OnboardingFormSchema, 'The onboarding form'),
      400: problem('Invalid recipient'),
      404: problem('No such form'),
    },
  },
);

export const embeddedView = formRoute(
  'POST /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/embedded-view/{recipientId}',
  {
    summary:
      'A short-lived, single-use link to the signing view for a recipient (the recipient themselves, or staff for someone without an account)',
    request: { params: formParams.extend({ recipientId: z.string().min(1) }) },
    responses: {
      201: json(z.object({ url: z.string(), expiresAt: z.string() }), 'The link'),
      404: problem('No such form or recipient'),
      409: problem('Not the recipient’s turn, or the form is closed'),
    },
  },
);

export const SigningSession = z
  .object({
    sessionToken: z.string(),
    expiresAt: z.string(),
    recipientId: z.string(),
    recipientName: z.string(),
    roleName: z.string(),
    formName: z.string(),
    pages: z.array(z.object({ width: z.number(), height: z.number() })),
    fields: z.array(SigningFieldSchema),
    /** A quorum role's signer: 'Any 2 of the 3 Officers sign this form; 1 has signed so far.' */
    quorumNote: z.string().nullable(),
  })
  .meta({ id: 'SigningSession' });

export const embeddedViewAction = formRoute(
  'PUT /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/embedded-view-action/{action}',
  {
    summary:
      'The signing view’s actions: open (exchange the link for a signing session), sign, decline with a reason, finish later',
    description:
      'Authorised by the token, not by a session: `open` takes the link’s token and answers a session token the other actions take. ' +
      'A signature is a PNG (data URL) drawn by the recipient, or typed text.',
    request: {
      params: formParams.extend({ action: z.enum(['open', 'sign', 'decline', 'finish-later']) }),
      body: z
        .object({
          token: z.string().min(1).max(2000),
          signature: z
            .discriminatedUnion('kind', [
              z.object({ kind: z.literal('drawn'), png: z.string().max(700_000) }),
              z.object({ kind: z.literal('typed'), text: z.string().min(1).max(100) }),
            ])
            .optional(),
          values: z.record(z.string(), z.string().max(500)).optional(),
          reason: z.string().max(1000).optional(),
        })
        .strict(),
    },
    responses: {
      200: json(
        z.union([SigningSession, OnboardingFormSchema]),
        '`open`: the signing session; the others: the onboarding form after the action',
      ),
      400: problem('An expired or used link (LINK_EXPIRED), no signature, no reason'),
      404: problem('No such form'),
      409: problem(
        'Out of turn (NOT_YOUR_TURN), someone else signing (LOCKED), no longer needed once a quorum signed (NO_LONGER_NEEDED), or the form closed',
      ),
    },
  },
);

export const syncEnvelope = formRoute(
  'POST /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/sync-envelope',
  {
    summary: 'The form’s status as the e-signature service now has it',
    request: { params: formParams },
    responses: { 200: json(OnboardingFormSchema, 'The onboarding form'), 404: problem('No such form') },
  },
);

export const voidOnboardingForm = formRoute(
  'DELETE /api/clients/{clientId}/onboarding-forms/{onboardingFormId}',
  {
    summary: 'Void a form: nobody can sign it any more (staff)',
    request: { params: formParams, query: z.object({ reason: z.string().max(1000).optional() }) },
    responses: {
      204: noContent('Voided'),
      ...errors.notStaff,
      404: problem('No such form'),
      409: problem('Already completed or voided'),
    },
  },
);

export const extendSigningLink = formRoute(
  'POST /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/recipients/{recipientId}/extend-link',
  {
    summary:
      'Give a recipient’s signing link as long again as a new one, from its expiry or from now if it expired (staff)',
    request: { params: formParams.extend({ recipientId: z.string().min(1) }) },
    responses: {
      200: json(OnboardingFormSchema, 'The onboarding form'),
      ...errors.notStaff,
      404: problem('No such form or recipient, or no link waiting to be used'),
      409: problem('The recipient signed already, or the form is closed'),
    },
  },
);

export const reassignRecipient = formRoute(
  'PUT /api/clients/{clientId}/onboarding-forms/{onboardingFormId}/reassign-recipient',
  {
    summary: 'Give a recipient’s place to someone else (admins and owners)',
    request: {
      params: formParams,
      body: z
        .object({
          recipientId: z.string().min(1),
          name: z.string().max(200),
          email: z.string().max(320),
          userId: z.string().max(200).nullable().optional(),
        })
        .strict(),
    },
    responses: {
      200: json(OnboardingFormSchema, 'The onboarding form'),
      400: problem('Invalid name or e-mail'),
      403: problem('Not an admin or owner'),
      404: problem('No such form or recipient'),
      409: problem('The recipient signed already, or the form is closed'),
    },
  },
);

export const updateOnboardingFormEmail = formRoute('PUT /api/users/{userId}/onboarding-form-email', {
  summary:
    'The user’s e-mail changed: their places on forms still being signed take the new address (the user, or staff)',
  request: {
    params: pathParams('userId'),
    body: z.object({ oldEmail: z.string().min(1).max(320) }).strict(),
  },
  responses: {
    200: json(z.object({ updatedForms: z.number().int() }), 'How many forms changed'),
    403: problem('Neither the user nor staff'),
    ...errors.noUser,
  },
});
