import { z } from 'zod';
import { errors, json, paging, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { EMAIL_KINDS } from '@onboard/events';
import { EMAIL_STATUSES, RULE_ROLES } from '@onboard/domain';

export const EMAIL_SORT_KEYS = ['createdAt', 'subject', 'to', 'status', 'kind'] as const;

/** Paged list query (onboarding §7 "Emails"): limit is the page size, offset (page-1) × page size. */
export const EmailListQuery = z
  .object({
    ...paging(),
    search: z.string().trim().max(200).optional(),
    sortBy: z.enum(EMAIL_SORT_KEYS).default('createdAt'),
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
  })
  .strip();
export const EmailCountQuery = z.object({ search: z.string().trim().max(200).optional() }).strip();

const StatusEntry = z.object({
  status: z.enum(EMAIL_STATUSES),
  statusLabel: z.string(),
  eventAt: z.string(),
  reason: z.string().nullable(),
});

export const EmailSummary = z
  .object({
    id: z.string(),
    emailId: z.string(),
    kind: z.enum(EMAIL_KINDS),
    kindLabel: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    status: z.enum(EMAIL_STATUSES),
    statusLabel: z.string(),
    clientId: z.string().nullable(),
    clientName: z.string().nullable(),
    attempts: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EmailSummary' });

export const EmailDetail = EmailSummary.extend({
  recipients: z.array(z.string()).meta({ description: 'To and CC together' }),
  body: z.string(),
  html: z.string().nullable(),
  statusHistory: z.array(StatusEntry),
  errorUsers: z.array(
    z.object({
      userId: z.string(),
      user: z.object({ name: z.string(), email: z.string() }),
    }),
  ),
  lastError: z.string().nullable(),
  resendOf: z.string().nullable(),
  messageId: z.string().nullable(),
}).meta({ id: 'Email' });

const emailParams = z.object({ emailId: z.string().min(1) });
const clientParams = pathParams('clientId');

/** The e-mail reads. */
const emailRead = routeFamily({ tag: 'emails' });

export const listEmails = emailRead('GET /api/emails', {
  summary: 'Every e-mail, newest first by default (admin and owner)',
  request: { query: EmailListQuery },
  responses: { 200: json(z.array(EmailSummary), 'One page'), ...errors.notAllowed },
});
export const countEmails = emailRead('GET /api/emails/count', {
  summary: 'How many e-mails match the search (admin and owner)',
  request: { query: EmailCountQuery },
  responses: { 200: json(z.object({ count: z.number().int() }), 'The count'), ...errors.notAllowed },
});
export const getEmail = emailRead('GET /api/emails/{emailId}', {
  summary: 'One e-mail with its recipients, body and status history (admin and owner)',
  request: { params: emailParams },
  responses: {
    200: json(EmailDetail, 'The e-mail'),
    ...errors.notAllowed,
    404: problem('No such e-mail'),
  },
});
export const listClientEmails = emailRead('GET /api/clients/{clientId}/emails', {
  summary: 'The e-mails about one client (the hub’s list)',
  request: { params: clientParams, query: EmailListQuery },
  responses: {
    200: json(z.object({ items: z.array(EmailSummary), total: z.number().int() }), 'One page and the total'),
    ...errors.notYours,
    ...errors.noClient,
  },
});
export const getClientEmail = emailRead('GET /api/clients/{clientId}/emails/{emailId}', {
  summary: 'One e-mail about the client; a personal link’s body only for staff and its recipients',
  request: { params: clientParams.extend({ emailId: z.string().min(1) }) },
  responses: {
    200: json(EmailDetail, 'The e-mail'),
    ...errors.notYours,
    404: problem('No such e-mail for this client'),
  },
});

const RuleRole = z.enum(RULE_ROLES);
export const EmailRulesView = z
  .object({
    rules: z.array(
      z.object({
        kind: z.enum(EMAIL_KINDS),
        kindLabel: z.string(),
        to: z.array(RuleRole),
        ccRoles: z.array(RuleRole),
        ccAddresses: z.array(z.string()),
      }),
    ),
    people: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
        role: RuleRole,
        roleLabel: z.string(),
      }),
    ),
  })
  .meta({ id: 'EmailRules' });

export const getEmailRules = emailRead('GET /api/clients/{clientId}/email-rules', {
  summary:
    'The client’s notification rules (every kind, defaults included) and the people they choose from (staff)',
  request: { params: clientParams },
  responses: {
    200: json(EmailRulesView, 'The rules and the client’s people'),
    ...errors.notStaff,
    ...errors.noClient,
  },
});

export const getEmailPreferences = emailRead('GET /api/users/{userId}/email-preferences', {
  summary: 'Whether the user chose the daily digest (the user, or staff)',
  request: { params: pathParams('userId') },
  responses: { 200: json(z.object({ daily: z.boolean() }), 'The choice'), ...errors.notYours },
});
