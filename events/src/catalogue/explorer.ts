import { z } from 'zod';
import { eventSchema, eventTypesOf } from './schema.ts';

/**
 * Benefits Explorer sites (explorer §3), one stream per site `explorer-{explorerPageId}`. A vanity slug
 * is held by at most one site: its reservation stream `explorerslug-{slug}` is appended with no_stream.
 * Leads from the public page go to `explorerlead-{leadId}`.
 */
const At = z.string(); // ISO-8601, decided by the command handler's clock
const Text = z.string().nullable().default(null);
const Flag = z.boolean().nullable().default(null);

const BenefitTypeMetadataEntry = z.object({
  highlighterText: Text,
  spanishHighlighterText: Text,
  highlighterOrder: z.number().nullable().default(null),
});

/** The editable attributes of a site (explorer §3 Explorer site, without the plans and read-only parts). */
export const ExplorerSiteAttributes = z.object({
  name: z.string(),
  language: z.string(),
  kioskMode: Flag,
  startsAt: Text,
  expiresAt: Text,
  planYear: z.string(),
  openEnrollmentStart: Text,
  openEnrollmentEnd: Text,
  maintenanceMode: Flag,
  benefitTypeMetadata: z.record(z.string(), BenefitTypeMetadataEntry).default({}),
  employerState: z.string(),
  benAdminPlatformId: Text,
  benAdminPlatformUrl: Text,
  notificationLink: Text,
  customCalendlyLink: Text,
  customClientName: Text,
  logoDocumentId: Text,
  employeeCount: z.number().nullable().default(null),
  hasEmployeesInNY: Flag,
  showBenefitCount: Flag,
  associationId: Text,
  hideProviderLogo: Flag,
  /** The non-provider variant's footer (platform §1): the third-party administrator and its links. */
  administratorName: Text,
  administratorWebsiteUrl: Text,
  administratorPrivacyUrl: Text,
  policies: z.array(z.string()),
  medicalVideo: z.string(),
  medicalVideoEnglishTitle: Text,
  medicalVideoSpanishTitle: Text,
  medicalVideoDocumentId: Text,
  vidyardUploadId: Text,
  vidyardId: Text,
  territory: Text,
  showLegacyVisionPlanTable: Flag,
  showLegacyDentalPlanTable: Flag,
  /** Normalised (normalizeVanitySlug) before it is recorded. */
  vanitySlug: Text,
  customBranding: Flag,
  customThemeBrandColor: Text,
  customThemeContrastingColor: Text,
  enableContactUsAppointment: Flag,
  enableContactUsEmail: Flag,
  enableContactUsLiveChat: Flag,
});
export type ExplorerSiteAttributes = z.infer<typeof ExplorerSiteAttributes>;

const PlanValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

/**
 * A plan (explorer §3 Plan). The comparison fields are many and depend on the benefit type, so they are
 * kept as scalar extras; domain/src/explorer/plan-rules.ts decides which are required.
 */
export const ExplorerPlan = z
  .object({ id: z.string(), benefitType: z.string(), planName: z.string() })
  .catchall(PlanValue);
export type ExplorerPlan = z.infer<typeof ExplorerPlan>;

/** Metadata of a document shown on the page (summary documents, logo, video); the file lives elsewhere. */
export const ExplorerDocument = z.object({
  documentId: z.string(),
  documentKey: z.string(),
  name: z.string(),
  benefitType: Text,
  language: Text,
});
export type ExplorerDocument = z.infer<typeof ExplorerDocument>;

/** The renewal link on the next year's site (explorer §3 renewal fields: the previous page's side). */
export const ExplorerRenewalSource = z.object({
  explorerPageId: z.string(),
  vanitySlug: Text,
  customBranding: Flag,
  expiresAt: Text,
});

const UpdatedBy = z.object({ userId: z.string(), at: At });

export const ExplorerSiteCreated = eventSchema('ExplorerSiteCreated', {
  explorerPageId: z.string(),
  clientId: z.string(),
  pageOwner: z.string(),
  site: ExplorerSiteAttributes,
  renewedFrom: ExplorerRenewalSource.nullable().default(null),
  by: UpdatedBy,
});

export const ExplorerSiteUpdated = eventSchema('ExplorerSiteUpdated', {
  explorerPageId: z.string(),
  site: ExplorerSiteAttributes,
  by: UpdatedBy,
});

/** Recorded on the previous year's stream; the next year's stream starts with ExplorerSiteCreated. */
export const ExplorerSiteRenewed = eventSchema('ExplorerSiteRenewed', {
  explorerPageId: z.string(),
  newExplorerPageId: z.string(),
  by: UpdatedBy,
});

export const ExplorerSiteTransferred = eventSchema('ExplorerSiteTransferred', {
  explorerPageId: z.string(),
  from: z.string(),
  to: z.string(),
  by: UpdatedBy,
});

export const ExplorerSiteDeleted = eventSchema('ExplorerSiteDeleted', {
  explorerPageId: z.string(),
  by: UpdatedBy,
});

/** A plan of the page, as added or as it now is. */
const PagePlan = { explorerPageId: z.string(), plan: ExplorerPlan };

export const ExplorerPlanAdded = eventSchema('ExplorerPlanAdded', PagePlan);

export const ExplorerPlanChanged = eventSchema('ExplorerPlanChanged', PagePlan);

export const ExplorerPlanRemoved = eventSchema('ExplorerPlanRemoved', {
  explorerPageId: z.string(),
  planId: z.string(),
});

export const ExplorerDocumentAttached = eventSchema('ExplorerDocumentAttached', {
  explorerPageId: z.string(),
  document: ExplorerDocument,
});

export const ExplorerEvent = z.discriminatedUnion('type', [
  ExplorerSiteCreated,
  ExplorerSiteUpdated,
  ExplorerSiteRenewed,
  ExplorerSiteTransferred,
  ExplorerSiteDeleted,
  ExplorerPlanAdded,
  ExplorerPlanChanged,
  ExplorerPlanRemoved,
  ExplorerDocumentAttached,
]);
export type ExplorerEvent = z.infer<typeof ExplorerEvent>;
export const EXPLORER_EVENT_TYPES = eventTypesOf(ExplorerEvent);

/** A page's slug (its address), taken by the page or given up. */
const PageSlug = { slug: z.string(), explorerPageId: z.string() };
export const ExplorerSlugReserved = eventSchema('ExplorerSlugReserved', PageSlug);
export const ExplorerSlugReleased = eventSchema('ExplorerSlugReleased', PageSlug);

/** explorer §3 Lead, sent from the public page (§7). */
export const LeadSubmitted = eventSchema('LeadSubmitted', {
  leadId: z.string(),
  explorerPageId: Text,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  externalUser: z.enum(['employer', 'broker']),
  employerName: z.string(),
  brokerName: Text,
  at: At,
});

/**
 * The built-in support chat (platform §9 departments): one stream per conversation
 * `explorerchat-{conversationId}`, started by a visitor of a public page; staff answer as agents.
 */
export const SupportChatStarted = eventSchema('SupportChatStarted', {
  conversationId: z.string(),
  explorerPageId: z.string(),
  /** The client of the page; its data key seals the chat's messages (older chats name none). */
  clientId: z.string().optional(),
  department: z.string(),
  language: z.string(),
  at: At,
});
export const SupportChatMessagePosted = eventSchema('SupportChatMessagePosted', {
  conversationId: z.string(),
  /** The page's client, as the chat's start names it (sealed with its data key). */
  clientId: z.string().optional(),
  messageId: z.string(),
  author: z.enum(['visitor', 'agent']),
  /** The staff user for an agent's message; null for the visitor. */
  authorId: Text,
  text: z.string(),
  at: At,
});
export const SUPPORT_CHAT_EVENT_TYPES = ['SupportChatStarted', 'SupportChatMessagePosted'] as const;

/**
 * A human-check challenge was answered once: `explorerhumancheck-{nonce}` is appended with no_stream,
 * so a replayed answer meets a conflict instead of a second send.
 */
export const HumanCheckUsed = eventSchema('HumanCheckUsed', {
  nonce: z.string(),
  purpose: z.string(),
  at: At,
});

/** Everything this file adds to the store, for the DomainEvent union. */
export const EXPLORER_CATALOGUE = [
  ...ExplorerEvent.options,
  ExplorerSlugReserved,
  ExplorerSlugReleased,
  LeadSubmitted,
  SupportChatStarted,
  SupportChatMessagePosted,
  HumanCheckUsed,
] as const;

export const explorerStream = (explorerPageId: string) => `explorer-${explorerPageId}`;
/** `slug` must already be normalised (domain normalizeVanitySlug): case and spaces do not differ. */
export const explorerSlugStream = (slug: string) => `explorerslug-${slug}`;
export const explorerLeadStream = (leadId: string) => `explorerlead-${leadId}`;
export const supportChatStream = (conversationId: string) => `explorerchat-${conversationId}`;
export const humanCheckStream = (nonce: string) => `explorerhumancheck-${nonce}`;
