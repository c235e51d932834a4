import { z } from 'zod';
import { errors, json, media, paging, problem, routeFamily } from '@onboard/api-contract';
import { ExplorerPage, SupportConversation } from '@onboard/api-contract/views';
import { BENEFIT_TYPES, DEMO_ENROLLMENT_STATUSES } from '@onboard/domain';
import {
  ExplorerDocument,
  ExplorerPlan,
  ExplorerRenewalSource,
  ExplorerSiteAttributes,
} from '@onboard/events/catalogue/explorer';

/** explorer §5 List queries. The messages are chosen (the spec gives the ranges only). */
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const OFFSET_MESSAGE = 'offset must be a whole number of 0 or more';
export const LIST_SORT_FIELDS = ['createdAt', 'name', 'updatedAt', 'startsAt'] as const;
export const ExplorerListQuery = z.object({
  ...paging({
    limit: { wholeNumber: LIMIT_MESSAGE, range: LIMIT_MESSAGE },
    offset: { wholeNumber: OFFSET_MESSAGE, range: OFFSET_MESSAGE },
  }),
  sortBy: z
    .enum(LIST_SORT_FIELDS, { message: `sortBy must be one of ${LIST_SORT_FIELDS.join(', ')}` })
    .default('createdAt'),
  direction: z.enum(['asc', 'desc'], { message: 'direction must be asc or desc' }).default('desc'),
});

export const PublicExplorerQuery = z.object({
  demoEnrollmentStatus: z
    .enum(DEMO_ENROLLMENT_STATUSES, { message: 'demoEnrollmentStatus must be pre, active or post' })
    .optional(),
});

const id = z.string().min(1);

/** A site as staff read it (explorer §3): every attribute, with its client's name and read-only flags. */
export const StaffExplorerPage = ExplorerPage.extend({
  ...ExplorerSiteAttributes.shape,
  explorerPageId: z.string(),
  benefits: z.array(ExplorerPlan),
  documents: z.array(ExplorerDocument),
  renewedFrom: ExplorerRenewalSource.nullable(),
  pageOwner: z.string(),
  version: z.number().int().meta({ description: 'The If-Match value for the next write' }),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z
    .object({
      userId: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
      at: z.string(),
    })
    .meta({ description: 'Who changed the site last, and when (explorer §3 update tracking)' }),
  clientName: z
    .string()
    .nullable()
    .meta({ description: 'The client’s name as the client list shows it; null when the client is unknown' }),
  benefitsExplorerCustomBranding: z.boolean().meta({
    description: 'Whether the public page shows the site’s custom branding (on, with two readable colours)',
  }),
  isLive: z.boolean(),
  newExplorerPageId: z.string().nullable(),
  languageFeatureToggle: z.boolean(),
  largeClientFeatureToggle: z.boolean(),
}).meta({ id: 'StaffExplorerPage' });

const ExplorerList = z.object({
  items: z.array(StaffExplorerPage),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** The Explorer's reads. */
const explorerRead = routeFamily({ tag: 'explorer' });

export const listClientExplorerSites = explorerRead('GET /api/clients/{clientId}/explorer-pages', {
  summary: 'The client’s Explorer sites (staff)',
  request: { params: z.object({ clientId: id }), query: ExplorerListQuery },
  responses: { 200: json(ExplorerList, 'One page of sites'), ...errors.notStaff },
});
export const getExplorerSite = explorerRead('GET /api/clients/{clientId}/explorer-pages/{explorerPageId}', {
  summary: 'One site (staff)',
  request: { params: z.object({ clientId: id, explorerPageId: id }) },
  responses: {
    200: json(StaffExplorerPage, 'The site'),
    ...errors.notStaff,
    404: problem('No such site'),
  },
});
export const listOwnerExplorerSites = explorerRead('GET /api/explorer-pages/by-owner/{pageOwnerId}', {
  summary: 'Sites owned by a staff member (staff)',
  request: { params: z.object({ pageOwnerId: id }), query: ExplorerListQuery },
  responses: { 200: json(ExplorerList, 'One page of sites'), ...errors.notStaff },
});

export const listSupportChats = explorerRead(
  'GET /api/explorer-pages/{explorerPageId}/support/conversations',
  {
    summary: 'A site’s support chats (staff)',
    request: { params: z.object({ explorerPageId: id }) },
    responses: {
      200: json(
        z.object({
          items: z.array(
            z.object({
              conversationId: z.string(),
              department: z.string(),
              language: z.string(),
              startedAt: z.string(),
              lastMessageAt: z.string().nullable(),
              messageCount: z.number().int(),
            }),
          ),
        }),
        'Newest first',
      ),
      ...errors.notStaff,
    },
  },
);
export const getSupportChat = explorerRead(
  'GET /api/explorer-pages/{explorerPageId}/support/conversations/{conversationId}',
  {
    summary: 'One support chat, for whoever holds its id',
    isSignedIn: false,
    request: { params: z.object({ explorerPageId: id, conversationId: id }) },
    responses: {
      200: json(
        SupportConversation.extend({ language: z.string(), startedAt: z.string() }),
        'The conversation',
      ),
      404: problem('No such conversation'),
    },
  },
);
export const downloadExplorerDocument = explorerRead(
  'GET /api/explorer-pages/{explorerPageId}/documents/{documentId}',
  {
    summary: 'Download a site’s document',
    isSignedIn: false,
    request: { params: z.object({ explorerPageId: id, documentId: id }) },
    responses: {
      200: media(
        '*/*',
        'The file in its own media type, from the document store (built in, or relayed from ONBOARD_DOCUMENT_BASE_URL), as an attachment',
      ),
      404: problem('Not a document of this site, or its file is not in the store'),
    },
  },
);

// The anonymous answer carries only what the public site needs, no staff field.
const text = z.string().nullable();
const flag = z.boolean().nullable();
/**
 * A plan as the public page reads it: the decider admits only known benefit types, and the fields the
 * page shows beside the comparison extras are text.
 */
const PublicExplorerPlan = ExplorerPlan.extend({
  benefitType: z.enum(BENEFIT_TYPES),
  planType: text.optional(),
  legalEntity: text.optional(),
  premium: text.optional(),
  prepaidSitusState: text.optional(),
});
export const PublicExplorerPage = z
  .object({
    id: z.string(),
    explorerPageId: z.string(),
    name: z.string(),
    planYear: z.string(),
    employerState: z.string(),
    customClientName: text,
    logoDocumentId: text,
    hideProviderLogo: flag,
    administratorName: text,
    administratorWebsiteUrl: text,
    administratorPrivacyUrl: text,
    customBranding: flag,
    customThemeBrandColor: text,
    customThemeContrastingColor: text,
    benAdminPlatformUrl: text,
    startsAt: text,
    maintenanceMode: flag,
    openEnrollmentStart: text,
    openEnrollmentEnd: text,
    benefitTypeMetadata: ExplorerSiteAttributes.shape.benefitTypeMetadata,
    medicalVideo: z.string(),
    medicalVideoEnglishTitle: text,
    medicalVideoSpanishTitle: text,
    medicalVideoDocumentId: text,
    vidyardId: text,
    showBenefitCount: flag,
    enableContactUsLiveChat: flag,
    enableContactUsAppointment: flag,
    enableContactUsEmail: flag,
    customCalendlyLink: text,
    benefits: z.array(PublicExplorerPlan),
    documents: z.array(ExplorerDocument),
    isLive: z.boolean(),
    languageFeatureToggle: z.boolean(),
    largeClientFeatureToggle: z.boolean(),
    showsLanguageDialog: z.boolean(),
    supportChat: z.object({ department: z.string() }),
    enrollmentStatus: z.enum(DEMO_ENROLLMENT_STATUSES),
  })
  .meta({ id: 'PublicExplorerPage' });

export const getPublicExplorerSite = explorerRead('GET /api/explorer-pages/{idOrSlug}', {
  summary: 'A public Explorer site, by id or vanity URL',
  isSignedIn: false,
  request: { params: z.object({ idOrSlug: id }), query: PublicExplorerQuery },
  responses: {
    200: json(PublicExplorerPage, 'The site, as its public page needs it'),
    400: problem('Demo status on a live site'),
    404: problem('No such site'),
  },
});
