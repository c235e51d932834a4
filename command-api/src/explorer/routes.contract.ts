import { z } from 'zod';
import { ExplorerDocument, ExplorerPlan, ExplorerSiteAttributes } from '@onboard/events/catalogue/explorer';
import { errors, json, noContent, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { EXPLORER_TEXT_MAX_LENGTH } from '@onboard/domain';
import {
  ExplorerPage,
  SupportChatMessage,
  SupportConversation,
  concurrentWrite,
} from '@onboard/api-contract/views';

/**
 * Shapes only: the rules (explorer §5) are the domain's. Required text is taken as possibly empty here so
 * that a blank name answers with the spec's message rather than zod's.
 */
const Loose = z
  .string()
  .nullable()
  .default(null)
  .transform((v) => v ?? '');

export const ExplorerSiteBody = ExplorerSiteAttributes.extend({
  name: Loose,
  language: Loose,
  planYear: Loose,
  employerState: Loose,
  medicalVideo: Loose,
  policies: z.array(z.string()).default([]),
  pageOwner: z.string().min(1).optional(),
  benefits: z.array(ExplorerPlan).default([]),
});
export type ExplorerSiteBody = z.infer<typeof ExplorerSiteBody>;

export const RenewExplorerSiteBody = z.object({
  startsAt: z.string().nullable().default(null),
  expiresAt: z.string().nullable().default(null),
  planYear: Loose,
  vanitySlug: z.string().nullable().default(null),
});

export const AttachDocumentBody = ExplorerDocument;

export const LeadBody = z.object({
  // Anyone may send it and it is kept for good: the site's id is as short as any other field.
  explorerPageId: z.string().max(EXPLORER_TEXT_MAX_LENGTH).nullable().default(null),
  email: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  externalUser: z.string().nullable().optional(),
  employerName: z.string().nullable().optional(),
  brokerName: z.string().nullable().optional(),
});

// The public site's own bodies (visitor-routes.ts).
export const EmailBenefitsBody = z.object({
  email: z.string().nullable().optional(),
  benefits: z.array(z.string().max(EXPLORER_TEXT_MAX_LENGTH)).max(100).nullable().optional(),
  recaptchaToken: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
});
export const StartChatBody = z.object({ language: z.enum(['en', 'es']).default('en') });
export const MessageBody = z.object({ text: z.string().nullable().default(null) });

const id = z.string().min(1);
const sites = '/api/clients/{clientId}/explorer-pages';
const refusedSite = problem('Invalid fields (keyed body.<field>), or the vanity URL is taken');
/** What a site write answers: the site's ids, its new version (the next If-Match) and its links. */
const SiteWritten = ExplorerPage.extend({
  explorerPageId: z.string(),
  version: z.number().int(),
  pageOwner: z.string(),
  vanitySlug: z.string().nullable(),
  newExplorerPageId: z.string().nullable(),
});

/** Explorer site management and the public lead send. */
const explorerRoute = routeFamily({ tag: 'explorer' });
/** A staff write on one site. */
const onSite = {
  tag: 'explorer',
  params: pathParams('clientId', 'explorerPageId'),
  responses: { ...errors.notStaff, 404: problem('No such site') },
} as const;
/** The edit, at the version its editor read (If-Match). */
const siteRoute = routeFamily(onSite);
/** The others, each appended at the revision it read. */
const siteChangeRoute = routeFamily({ ...onSite, responses: { ...onSite.responses, 409: concurrentWrite } });

export const createExplorerSite = explorerRoute(`POST ${sites}`, {
  summary: 'Create an Explorer site (staff)',
  request: { params: z.object({ clientId: id }), body: ExplorerSiteBody },
  responses: {
    201: json(SiteWritten, 'The site'),
    400: refusedSite,
    ...errors.notStaff,
  },
});
export const updateExplorerSite = siteRoute(`PUT ${sites}/{explorerPageId}`, {
  summary: 'Edit a site (staff)',
  isVersioned: true,
  request: { body: ExplorerSiteBody },
  responses: {
    200: json(SiteWritten, 'The site'),
    400: refusedSite,
  },
});
export const deleteExplorerSite = siteChangeRoute(`DELETE ${sites}/{explorerPageId}`, {
  summary: 'Delete a site (staff)',
  responses: { 204: noContent('Deleted; its vanity URL is free again') },
});
export const renewExplorerSite = siteChangeRoute(`POST ${sites}/{explorerPageId}/renew`, {
  summary: 'Renew a site for the next plan year (staff)',
  request: { body: RenewExplorerSiteBody },
  responses: {
    201: json(SiteWritten, 'The next year’s site'),
    400: refusedSite,
    422: problem('ALREADY_RENEWED: the site has been renewed before'),
  },
});
export const attachExplorerDocument = siteChangeRoute(`POST ${sites}/{explorerPageId}/documents`, {
  summary: 'Attach a document to a site (staff)',
  request: { body: AttachDocumentBody },
  responses: {
    201: json(
      z.object({ explorerPageId: z.string(), version: z.number().int(), document: AttachDocumentBody }),
      'The attached document and the site’s new version',
    ),
  },
});
export const transferExplorerSites = explorerRoute(
  'PUT /api/explorer-pages/transfer/{currentOwnerId}/{newOwnerId}',
  {
    summary: 'Move every site of one owner to another (staff)',
    request: { params: z.object({ currentOwnerId: id, newOwnerId: id }) },
    responses: {
      200: json(z.object({ transferred: z.array(z.string()) }), 'The sites moved'),
      400: problem('The new owner is not an internal user'),
      ...errors.notStaff,
      404: problem('Unknown new owner'),
      409: problem('A site changed by another write meanwhile; the sites before it were moved'),
    },
  },
);
export const sendLead = explorerRoute('POST /api/explorer-pages/lead-generation/send', {
  summary: 'Send the lead form',
  isSignedIn: false,
  request: { body: LeadBody },
  responses: {
    201: json(z.object({ leadId: z.string(), status: z.literal('SENT') }), 'Sent'),
    404: problem('No such site'),
    429: problem('TOO_MANY_ATTEMPTS: too many writes from this address; Retry-After gives the seconds'),
  },
});

export const createHumanCheck = explorerRoute('POST /api/explorer-pages/human-check', {
  summary: 'A human-check challenge (built-in verifier: ALTCHA proof of work)',
  isSignedIn: false,
  responses: {
    201: json(
      z.object({
        challenge: z.object({
          parameters: z.object({
            algorithm: z.string(),
            nonce: z.string(),
            salt: z.string(),
            cost: z.number(),
            keyLength: z.number(),
            keyPrefix: z.string(),
            keySignature: z.string().optional(),
            data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
          }),
          signature: z.string().optional(),
        }),
        expiresAt: z.string(),
      }),
      'Solve it with the ALTCHA widget and send its payload as recaptchaToken; good once, for 10 minutes',
    ),
  },
});
export const emailBenefits = explorerRoute('POST /api/explorer-pages/{explorerPageId}/email-benefits', {
  summary: 'E-mail selected benefits',
  isSignedIn: false,
  request: { params: z.object({ explorerPageId: id }), body: EmailBenefitsBody },
  responses: {
    201: json(z.object({ emailId: z.string(), status: z.literal('SENT') }), 'Sent through the e-mail port'),
    400: problem('Invalid fields, or a missing, wrong, expired or used recaptchaToken'),
    404: problem('No such site'),
    429: problem('TOO_MANY_ATTEMPTS: too many writes from this address; Retry-After gives the seconds'),
  },
});
export const startSupportChat = explorerRoute(
  'POST /api/explorer-pages/{explorerPageId}/support/conversations',
  {
    summary: 'Start a support chat',
    isSignedIn: false,
    request: { params: z.object({ explorerPageId: id }), body: StartChatBody },
    responses: {
      201: json(SupportConversation, 'Started, in the Live or Demo department (platform §9)'),
      404: problem('No such site'),
      429: problem('TOO_MANY_ATTEMPTS: too many writes from this address; Retry-After gives the seconds'),
    },
  },
);
export const postSupportMessage = explorerRoute(
  'POST /api/explorer-pages/{explorerPageId}/support/conversations/{conversationId}/messages',
  {
    summary: 'Post to a support chat (staff post as the agent)',
    isSignedIn: false,
    request: { params: z.object({ explorerPageId: id, conversationId: id }), body: MessageBody },
    responses: {
      201: json(SupportChatMessage, 'Posted'),
      400: problem('Empty or too long'),
      404: problem('No such conversation'),
      429: problem('TOO_MANY_ATTEMPTS: too many writes from this address; Retry-After gives the seconds'),
    },
  },
);
