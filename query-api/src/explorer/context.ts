import type { Request } from 'express';
import type { z } from 'zod';
import type { DataKeys } from '@onboard/events';
import {
  ForbiddenError,
  isInternal,
  type Actor,
  type DocumentStore,
  showsCustomBranding,
  isExplorerSiteLive,
  type ExplorerSite,
  isLargeClient,
  liveChatDepartment,
  showsLanguageDialog,
  type FeatureToggleName,
  type ResolvedFeatureToggle,
  isBenefitType,
} from '@onboard/domain';
import { BUILT_IN_TOGGLE_DEFAULTS, resolvedToggles } from '../feature-toggles/read.ts';
import { requireActor, type QueryDeps } from '../http/context.ts';
import type { ExplorerListQuery, LIST_SORT_FIELDS } from './routes.contract.ts';

export type ExplorerQueryDeps = QueryDeps & {
  /** The language feature toggle's default (explorer §2, §3) until staff set it; on when left out. */
  languageFeatureToggle?: boolean;
  /** platform §9: a demo environment sends every chat to the demo department. */
  isDemoEnvironment?: boolean;
  /** Where the documents' files are kept (platform/src/documents); without one no file is served. */
  documents?: Pick<DocumentStore, 'get'>;
  /** The data keys that open the support chat's messages, kept sealed in the read model. */
  keys: DataKeys;
};

const SORT_COLUMNS: Record<(typeof LIST_SORT_FIELDS)[number], string> = {
  createdAt: 'p.created_at',
  name: 'p.name',
  updatedAt: 'p.updated_at',
  startsAt: 'p.starts_at',
};
export const DEMO_STATUS_ON_LIVE_SITE = 'demoEnrollmentStatus applies only to a site that is not live'; // chosen

export async function requireStaff(deps: QueryDeps, req: Request): Promise<Actor> {
  const actor = await requireActor(deps.authenticate, req);
  if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage Explorer sites');
  return actor;
}

export type Row = {
  page: ExplorerSite;
  version: string;
  created_at: Date;
  updated_at: Date;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  client_name: string | null;
};

/** The toggles of the page's client (feature-toggles read model) and the deployment's demo flag. */
export type Environment = {
  toggles: Record<FeatureToggleName, ResolvedFeatureToggle>;
  isDemoEnvironment: boolean;
};

/** The flags every view of a page works out at read time (they depend on the clock or the environment). */
function readTimeFlags(page: ExplorerSite, now: Date, env: Environment) {
  const isLive = isExplorerSiteLive(page.site, now);
  // The large-client toggle, until staff set it, follows the site's employee count.
  const large = env.toggles.largeClient;
  const toggles = {
    languageFeatureToggle: env.toggles.explorerLanguage.enabled,
    largeClientFeatureToggle: large.source === 'default' ? isLargeClient(page.site) : large.enabled,
  };
  return {
    isLive,
    ...toggles,
    showsLanguageDialog: showsLanguageDialog(toggles),
    supportChat: {
      department: liveChatDepartment(
        { isLive, enableContactUsLiveChat: page.site.enableContactUsLiveChat },
        { isDemo: env.isDemoEnvironment },
      ),
    },
  };
}

/**
 * The anonymous page answer: only what the public site shows or decides with (web/src/features/explorer). Staff
 * fields (owner, client, policies, renewal links, platform ids, notification link, territory...) stay in
 * the staff view, so a visitor's answer names no internal detail.
 */
export function publicView(page: ExplorerSite, now: Date, env: Environment) {
  const { site } = page;
  return {
    id: page.explorerPageId,
    explorerPageId: page.explorerPageId,
    name: site.name,
    planYear: site.planYear,
    employerState: site.employerState,
    customClientName: site.customClientName,
    // navigation: logo, branding, call to action, availability
    logoDocumentId: site.logoDocumentId,
    hideProviderLogo: site.hideProviderLogo,
    administratorName: site.administratorName,
    administratorWebsiteUrl: site.administratorWebsiteUrl,
    administratorPrivacyUrl: site.administratorPrivacyUrl,
    customBranding: site.customBranding,
    customThemeBrandColor: site.customThemeBrandColor,
    customThemeContrastingColor: site.customThemeContrastingColor,
    benAdminPlatformUrl: site.benAdminPlatformUrl,
    startsAt: site.startsAt,
    maintenanceMode: site.maintenanceMode,
    openEnrollmentStart: site.openEnrollmentStart,
    openEnrollmentEnd: site.openEnrollmentEnd,
    // content
    benefitTypeMetadata: site.benefitTypeMetadata,
    medicalVideo: site.medicalVideo,
    medicalVideoEnglishTitle: site.medicalVideoEnglishTitle,
    medicalVideoSpanishTitle: site.medicalVideoSpanishTitle,
    medicalVideoDocumentId: site.medicalVideoDocumentId,
    vidyardId: site.vidyardId,
    showBenefitCount: site.showBenefitCount,
    // the support panel's contact options (domain contactOptions)
    enableContactUsLiveChat: site.enableContactUsLiveChat,
    enableContactUsAppointment: site.enableContactUsAppointment,
    enableContactUsEmail: site.enableContactUsEmail,
    customCalendlyLink: site.customCalendlyLink,
    // The decider admits only known benefit types: the page reads the type as one of them.
    benefits: page.plans.flatMap((plan) =>
      isBenefitType(plan.benefitType) ? [{ ...plan, benefitType: plan.benefitType }] : [],
    ),
    documents: page.documents,
    ...readTimeFlags(page, now, env),
  };
}

/** Everything the projection row holds, for staff (create, edit, renew, lists). */
function staffPageView(page: ExplorerSite, now: Date, env: Environment) {
  return {
    id: page.explorerPageId,
    explorerPageId: page.explorerPageId,
    clientId: page.clientId,
    ...page.site,
    benefits: page.plans,
    documents: page.documents,
    newExplorerPageId: page.newExplorerPageId,
    renewedFrom: page.renewedFrom,
    pageOwner: page.pageOwner,
    ...readTimeFlags(page, now, env),
  };
}

export function staffView(row: Row, now: Date, env: Environment) {
  return {
    ...staffPageView(row.page, now, env),
    // platform §3, explorer §3: the client's name as the client list shows it, and whether the public
    // page shows the site's custom branding.
    clientName: row.client_name,
    benefitsExplorerCustomBranding: showsCustomBranding(row.page.site),
    version: Number(row.version),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    // explorer §3 update tracking
    updatedBy: {
      userId: row.page.updatedBy.userId,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      at: row.page.updatedBy.at,
    },
  };
}

export const STAFF_SELECT = `select p.page, p.version::text, p.created_at, p.updated_at,
    u.first_name, u.last_name, u.email, coalesce(nullif(c.name, ''), l.name) as client_name
  from rm_explorer_pages p left join rm_users u on u.user_id = p.page->'updatedBy'->>'userId'
    left join rm_clients c on c.client_id = p.client_id
    left join rm_client_lifecycle l on l.client_id = p.client_id`;

/** What every read of the Explorer shares: the dependencies, the clock, a client's toggles, the staff lists. */
export type ExplorerReads = ReturnType<typeof explorerReads>;

export function explorerReads(deps: ExplorerQueryDeps) {
  const now = () => new Date();
  const defaults = {
    ...BUILT_IN_TOGGLE_DEFAULTS,
    explorerLanguage: deps.languageFeatureToggle ?? BUILT_IN_TOGGLE_DEFAULTS.explorerLanguage,
  };
  const envFor = async (clientId: string): Promise<Environment> => ({
    toggles: await resolvedToggles(deps.pool, defaults, clientId),
    isDemoEnvironment: deps.isDemoEnvironment === true,
  });

  const list = async (q: z.output<typeof ExplorerListQuery>, where: string, param: string) => {
    const order = `${SORT_COLUMNS[q.sortBy]} ${q.direction === 'asc' ? 'asc' : 'desc'} nulls last, p.explorer_page_id`;
    const [{ rows }, { rows: count }] = await Promise.all([
      deps.pool.query<Row>(
        `${STAFF_SELECT} where ${where} and not p.is_deleted order by ${order} limit $2 offset $3`,
        [param, q.limit, q.offset],
      ),
      deps.pool.query<{ total: number }>(
        `select count(*)::int as total from rm_explorer_pages p where ${where} and not p.is_deleted`,
        [param],
      ),
    ]);
    const at = now();
    const envs = new Map<string, Environment>();
    for (const r of rows)
      if (!envs.has(r.page.clientId)) envs.set(r.page.clientId, await envFor(r.page.clientId));
    return {
      items: rows.map((r) => staffView(r, at, envs.get(r.page.clientId)!)),
      total: count[0]?.total ?? 0,
      limit: q.limit,
      offset: q.offset,
    };
  };

  return { deps, now, envFor, list };
}
