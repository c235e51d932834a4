import { z } from 'zod';
import { RULE_KINDS, RULE_ROLES } from '@onboard/domain';
import { errors, json, media, pathParams, problem, routeFamily } from '@onboard/api-contract';

const emailParams = z.object({ emailId: z.string().min(1) });
const Queued = z.object({ emailId: z.string() }).meta({ id: 'EmailQueuedAnswer' });

/** The e-mail writes. */
const emailRoute = routeFamily({ tag: 'emails' });

export const resendEmail = emailRoute('POST /api/emails/{emailId}/resend', {
  summary: 'Send an e-mail again, to the same recipients, as a new e-mail (admin and owner)',
  request: { params: emailParams },
  responses: {
    201: json(Queued, 'The new e-mail'),
    ...errors.notAllowed,
    404: problem('No such e-mail'),
  },
});

const clientParams = pathParams('clientId');
const Sent = z
  .object({ emailIds: z.array(z.string()), count: z.number().int() })
  .meta({ id: 'EmailsQueuedAnswer' });

/** The owner-only e-mails of platform §6 that go to one client's people, by path segment. */
export const CLIENT_EMAIL_OPERATIONS = {
  'post-onboarding-survey': {
    kind: 'POST_ONBOARDING_SURVEY',
    resource: 'post-onboarding-survey',
    summary: 'Send the post-onboarding survey',
  },
  'phase-change': {
    kind: 'PHASE_CHANGE',
    resource: 'phase-change-emails',
    summary: 'E-mail the client’s current phase',
  },
  'risk-acceptance': {
    kind: 'RISK_ACCEPTANCE',
    resource: 'risk-acceptance-emails',
    summary: 'E-mail that the risk was accepted',
  },
  'upcoming-date': {
    kind: 'UPCOMING_DATE',
    resource: 'upcoming-date-emails',
    summary: 'E-mail an upcoming date',
  },
  'actively-at-work-reminder': {
    kind: 'ACTIVELY_AT_WORK_REMINDER',
    resource: 'actively-at-work-emails',
    summary: 'E-mail the actively-at-work reminder',
  },
  dental: { kind: 'DENTAL', resource: 'dental-emails', summary: 'E-mail the dental information' },
} as const;

export const UpcomingDateBody = z
  .object({
    dateName: z.string().trim().min(1, 'Please provide a response').max(200),
    date: z.string().trim().min(1, 'Please provide a response').max(100),
  })
  .strict();
const OptionalBody = z.object({}).strict().optional();

const clientOperation = <const S extends keyof typeof CLIENT_EMAIL_OPERATIONS>(segment: S) =>
  emailRoute(`POST /api/clients/{clientId}/emails/${segment}`, {
    summary: `${CLIENT_EMAIL_OPERATIONS[segment].summary} to the client’s benefits administrators and brokers (owner only)`,
    request: { params: clientParams, body: segment === 'upcoming-date' ? UpcomingDateBody : OptionalBody },
    responses: {
      201: json(Sent, 'The e-mails queued, one per person'),
      ...errors.notOwner,
      ...errors.noClient,
      422: problem('The client has nobody to e-mail'),
    },
  });

export const sendPostOnboardingSurvey = clientOperation('post-onboarding-survey');
export const sendPhaseChangeEmails = clientOperation('phase-change');
export const sendRiskAcceptanceEmails = clientOperation('risk-acceptance');
export const sendUpcomingDateEmails = clientOperation('upcoming-date');
export const sendActivelyAtWorkReminders = clientOperation('actively-at-work-reminder');
export const sendDentalEmails = clientOperation('dental');

export const generateActivityEmails = emailRoute('POST /api/emails/activity', {
  summary:
    'E-mail every client’s people about their open tasks due in the next seven days, one e-mail per task and person (owner only)',
  responses: { 201: json(Sent, 'The e-mails queued'), ...errors.notOwner },
});

export const resendRejectedEmails = emailRoute('POST /api/emails/resend-rejected', {
  summary: 'Send again every e-mail that failed or bounced and was not resent yet (owner only)',
  responses: { 201: json(Sent, 'The new e-mails'), ...errors.notOwner },
});

const RuleRoleEnum = z.enum(RULE_ROLES);
export const EmailRule = z
  .object({
    kind: z.enum(RULE_KINDS),
    to: z.array(RuleRoleEnum),
    ccRoles: z.array(RuleRoleEnum),
    ccAddresses: z.array(z.string().trim()).max(20),
  })
  .strict()
  .meta({ id: 'EmailRule' });
export const EmailRulesBody = z.object({ rules: z.array(EmailRule).max(50) }).strict();

export const setEmailRules = emailRoute('PUT /api/clients/{clientId}/email-rules', {
  summary:
    'Replace the client’s notification rules: who receives each kind of e-mail, and who is copied (staff)',
  request: { params: clientParams, body: EmailRulesBody },
  responses: {
    200: json(z.object({ rules: z.array(EmailRule) }), 'Every kind’s rule, defaults included'),
    ...errors.notStaff,
    ...errors.noClient,
  },
});

export const EmailPreferencesBody = z
  .object({ daily: z.boolean() })
  .strict()
  .meta({ id: 'EmailPreferences' });

export const setEmailPreferences = emailRoute('PUT /api/users/{userId}/email-preferences', {
  summary:
    'Whether the user gets the e-mails the notification rules send one by one or once a day in a digest (the user, or staff)',
  request: { params: pathParams('userId'), body: EmailPreferencesBody },
  responses: { 200: json(EmailPreferencesBody, 'The choice'), ...errors.notYours },
});

export const sendDailyDigestsNow = emailRoute('POST /api/emails/digests', {
  summary: 'Send every held e-mail now, one digest per person (admin and owner; it also runs daily)',
  responses: { 201: json(Sent, 'The digests sent'), ...errors.notAllowed },
});

export const emailOpened = emailRoute('GET /api/emails/{emailId}/open.gif', {
  summary:
    'The one-pixel image in an e-mail’s HTML: loading it records the e-mail opened (once; where the mail client loads images)',
  isSignedIn: false,
  request: { params: emailParams },
  responses: { 200: media('image/gif', 'A transparent pixel, whether or not the e-mail is known') },
});
