import type { Role } from '../api/types.ts';

/** The route table (spec onboarding §2, platform §2, explorer §2). */
export const INDEX_PATH = '/';
export const LOGIN_PATH = '/login';
const LOGOUT_PATH = '/logout';
export const FORGOT_PATH = '/forgot';
export const TERMS_OF_USE_PATH = '/terms-of-use';
const NOT_FOUND_PATH = '/404';
export const MAINTENANCE_PATH = '/maintenance';
export const ADMIN_HOME_PATH = '/clients/admin';
const BROKER_HOME_PATH = '/clients';
const BEN_ADMIN_HOME_PATH = '/clients/ben-admin';
export const USERS_INTERNAL_PATH = '/users/internal';
export const BROKERS_PATH = '/brokers/admin/';
export const BEN_ADMINS_PATH = '/ben-admins/admin/';
export const ALL_EMAILS_PATH = '/emails';
/** Our design (not in the spec): staff list Explorer sites by owner, across clients. */
export const EXPLORER_SITES_PATH = '/explorer-sites/admin';
/** Our design (not in the spec): staff read the analytics events kept without Segment, per day. */
export const ANALYTICS_ADMIN_PATH = '/analytics/admin';
/** Staff switch the feature toggles (platform §3), globally and per client. */
export const FEATURE_TOGGLES_PATH = '/feature-toggles/admin';
/** Carrier owners read who looked at unmasked personal data (reveals, unmasked downloads, erasures). */
export const PERSONAL_DATA_ACCESS_PATH = '/personal-data-access/admin';
/** Our design (not in the spec): staff read the error reports kept while no DSN is configured. */
export const ERROR_REPORTS_PATH = '/error-reports/admin';
/** Our design (not in the spec): staff answer the portal's support chats ('Chat with us'). */
export const SUPPORT_CHATS_PATH = '/support/admin';
export const EMAIL_TEMPLATES_PATH = '/email-templates/admin';
/** Staff keep the benefits-administration platform catalogue (platform §7 Other; the path is ours). */
export const BEN_ADMIN_PLATFORMS_PATH = '/ben-admin-platforms/admin';
/** Our design (not in the spec): what waits on the signed-in person across their clients (staff: anyone's). */
export const MY_WORK_PATH = '/my-work';
/** Our design (not in the spec): staff edit the carrier's 834 companion guide the data feeds are checked against. */
export const COMPANION_GUIDE_PATH = '/data-feed/companion-guide/admin';
/** Our design (not in the spec): the signed-in person's conversations, with unread counts per client. */
export const CONVERSATIONS_PATH = '/conversations';
export const TAX_ID_ROUTE =
  '/client/:clientId/task/eif-submit-company-information/step/company-information/tax-id';

export type ViewType =
  'internal' | 'hub' | 'broker' | 'benAdmin' | 'basic' | 'clear' | 'auth' | 'explorer' | 'outside_signer';

export type AuthRule = 'required' | 'not_allowed' | 'optional' | 'outside_signer';

export type RouteDef = { name: string; path: string; view: ViewType; auth: AuthRule };

const CLIENT = '/client/:clientId';
const EIF = `${CLIENT}/task/eif-submit-company-information`;
const CENSUS = `${CLIENT}/task/enrollment-elections/:policyId`;
const EXPLORER_SITE = '/clients/admin/:clientId/manage/benefits-explorer';

const route = (name: string, path: string, view: ViewType, auth: AuthRule): RouteDef => ({
  name,
  path,
  view,
  auth,
});

/** The routes of one view and sign-in rule, in their order: name → path. */
const routesOf = (view: ViewType, auth: AuthRule, paths: Record<string, string>): RouteDef[] =>
  Object.entries(paths).map(([name, path]) => route(name, path, view, auth));

/** The explorer routes on the main host, each also under the /en/ and /es/ language prefixes (explorer §2). */
function explorerRoutes(): RouteDef[] {
  const base = routesOf('explorer', 'optional', {
    benefitsExplorerIndex: '/benefits-explorer',
    personalBenefitsPlan: '/benefits-explorer/:explorerPageId/personal-benefits-plan',
    benefitsExplorer: '/benefits-explorer/:explorerPageId',
  });
  return [...base, ...['en', 'es'].flatMap((lang) => base.map((r) => ({ ...r, path: `/${lang}${r.path}` })))];
}

/**
 * Order matters: the first match wins, so fixed segments come before parameters that would swallow them
 * (`/create` before `/{employeeClassId}`, `/outside-signer/eif-summary` before `/{outsideSignerActionId}`).
 */
export const ROUTES: readonly RouteDef[] = [
  // Public and auth pages
  ...routesOf('auth', 'not_allowed', {
    login: LOGIN_PATH,
    loginCallback: '/login/callback',
    forgot: FORGOT_PATH,
    activate: '/activate',
    reactivate: '/reactivate',
    reset: '/reset',
  }),
  ...routesOf('clear', 'optional', {
    logout: LOGOUT_PATH,
    notFound: NOT_FOUND_PATH,
    maintenance: MAINTENANCE_PATH,
  }),
  ...routesOf('basic', 'required', {
    index: INDEX_PATH,
    termsOfUse: TERMS_OF_USE_PATH,
    // Everyone's own page: shown in the signed-in person's own view (viewFor).
    myWork: MY_WORK_PATH,
  }),

  // Internal pages
  ...routesOf('internal', 'required', {
    homeInternal: ADMIN_HOME_PATH,
    createBenefitsExplorerSite: EXPLORER_SITE,
    renewBenefitsExplorerSite: `${EXPLORER_SITE}/:explorerPageId/renew`,
    // Our design (not in the spec): staff answer a site's support chats from its management routes.
    benefitsExplorerSiteSupport: `${EXPLORER_SITE}/:explorerPageId/support`,
    editBenefitsExplorerSite: `${EXPLORER_SITE}/:explorerPageId`,
    explorerSitesByOwner: EXPLORER_SITES_PATH,
    featureToggles: FEATURE_TOGGLES_PATH,
    personalDataAccess: PERSONAL_DATA_ACCESS_PATH,
    errorReports: ERROR_REPORTS_PATH,
    supportChats: SUPPORT_CHATS_PATH,
    emailTemplates: EMAIL_TEMPLATES_PATH,
    benAdminPlatforms: BEN_ADMIN_PLATFORMS_PATH,
    companionGuide: COMPANION_GUIDE_PATH,
    clientDetail: '/clients/admin/:clientId/manage',
    // Our design (not in the spec): the post-sign review and the EIF history hang off the manage page.
    clientReviewChanges: '/clients/admin/:clientId/manage/review',
    clientEifHistory: '/clients/admin/:clientId/manage/eif-history',
    clientEmailRules: '/clients/admin/:clientId/manage/email-rules',
    usersInternal: USERS_INTERNAL_PATH,
    brokers: BROKERS_PATH,
    brokerDetail: '/brokers/admin/:userId/manage',
    benAdmins: BEN_ADMINS_PATH,
    benAdminDetail: '/ben-admins/admin/:userId/manage',
    allEmails: ALL_EMAILS_PATH,
    email: '/emails/:emailId',
    analyticsAdmin: ANALYTICS_ADMIN_PATH,
  }),

  // Home pages by role
  route('homeBenAdmin', BEN_ADMIN_HOME_PATH, 'benAdmin', 'required'),
  route('homeBroker', BROKER_HOME_PATH, 'broker', 'required'),

  // Outside signer
  ...routesOf('outside_signer', 'outside_signer', {
    outsideSignerEifSummary: `${CLIENT}/outside-signer/eif-summary`,
    outsideSigner: `${CLIENT}/outside-signer/:outsideSignerActionId`,
  }),

  // EIF
  ...routesOf('hub', 'required', {
    eifSummary: `${EIF}/summary`,
    // Our design (not in the spec): the short re-sign a signer is e-mailed to, of the changes to what they signed.
    eifConfirmChanges: `${EIF}/confirm-changes`,
    eifPushToQPS: `${EIF}/push-to-qps`,
    eifSubStepPolicyDetail: `${EIF}/step/:eifStepId/:eifSubStepId/policy/:policyId`,
    eifClassBuilderCreator: `${EIF}/step/:eifStepId/:eifSubStepId/create`,
    eifClassBuilderEdit: `${EIF}/step/:eifStepId/:eifSubStepId/:employeeClassId`,
    eifSubStepDetail: `${EIF}/step/:eifStepId/:eifSubStepId`,
    eifStepDetail: `${EIF}/step/:eifStepId`,
  }),

  // Census
  route('censusValidateReportTab', `${CENSUS}/validation-report/:documentId`, 'clear', 'required'),
  ...routesOf('hub', 'required', {
    censusValidations: `${CENSUS}/validations`,
    censusStepDetail: `${CENSUS}/:censusStep`,
  }),

  // Client hub
  route('setupPending', `${CLIENT}/setup-pending`, 'basic', 'required'),
  ...routesOf('hub', 'required', {
    welcome: `${CLIENT}/welcome`,
    resourcesListing: `${CLIENT}/resources-listing`,
    clientDocuments: `${CLIENT}/documents`,
    emailClient: `${CLIENT}/emails/:emailId`,
    emails: `${CLIENT}/emails`,
    // Our design (not in the spec): one conversation, where a mention e-mail's link leads.
    conversation: `${CLIENT}/conversations/:threadId`,
  }),
  // Opened by a single-use signing link: recipients without an account sign here too.
  route(
    'onboardingFormsSigned',
    `${CLIENT}/onboarding-forms/:onboardingFormId/action/:recipientId`,
    'outside_signer',
    'optional',
  ),
  ...routesOf('hub', 'required', {
    onboardingFormsViewer: `${CLIENT}/onboarding-forms/:onboardingFormId/view/:recipientId`,
    policyTaskDetail: `${CLIENT}/task/:taskId/:policyId`,
    clientTaskDetail: `${CLIENT}/task/:taskId`,
    homeHub: CLIENT,
    myConversations: CONVERSATIONS_PATH,
  }),

  // Benefits Explorer (explorer §2); the internal variants' paths are our design (not in the spec).
  ...explorerRoutes(),
  ...routesOf('explorer', 'required', {
    benefitsExplorerIndexInternal: '/internal/benefits-explorer',
    personalBenefitsPlanInternal: '/internal/benefits-explorer/:explorerPageId/personal-benefits-plan',
    benefitsExplorerInternal: '/internal/benefits-explorer/:explorerPageId',
  }),
  ...routesOf('clear', 'optional', { labHome: '/lab/home', labAbout: '/lab/about' }),
];

const NOT_FOUND_ROUTE: RouteDef = route('notFound', NOT_FOUND_PATH, 'clear', 'optional');

export type ResolvedRoute = { route: RouteDef; params: Record<string, string> };

/** The route a path shows; the catch-all is the not-found page (explorer §2). */
export function resolveRoute(pathname: string): ResolvedRoute {
  for (const candidate of ROUTES) {
    const params = matchPath(candidate.path, pathname);
    if (params) return { route: candidate, params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/** onboarding §8: a page that needs a route parameter the address does not give fails loudly. */
export function requireParam(params: Record<string, string | undefined>, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw new Error(`Param ${name} is required but not provided!`);
  return value;
}

export function taxIdPath(clientId: string): string {
  return TAX_ID_ROUTE.replace(':clientId', encodeURIComponent(clientId));
}

export const clientManagePath = (clientId: string) => `/clients/admin/${encodeURIComponent(clientId)}/manage`;
export const clientReviewPath = (clientId: string) => `${clientManagePath(clientId)}/review`;
export const clientHistoryPath = (clientId: string) => `${clientManagePath(clientId)}/eif-history`;
export const clientEmailRulesPath = (clientId: string) => `${clientManagePath(clientId)}/email-rules`;
export const clientHubPath = (clientId: string) => `/client/${encodeURIComponent(clientId)}`;
export const eifConfirmChangesPath = (clientId: string) =>
  `${clientHubPath(clientId)}/task/eif-submit-company-information/confirm-changes`;
export const outsideSignerSummaryPath = (clientId: string) =>
  `${clientHubPath(clientId)}/outside-signer/eif-summary`;

export function emailPath(emailId: string): string {
  return `/emails/${encodeURIComponent(emailId)}`;
}
export const clientEmailsPath = (clientId: string) => `${clientHubPath(clientId)}/emails`;
export const clientEmailPath = (clientId: string, emailId: string) =>
  `${clientEmailsPath(clientId)}/${encodeURIComponent(emailId)}`;

export function userManagePath(kind: 'broker' | 'ben-admin', userId: string): string {
  const base = kind === 'broker' ? '/brokers/admin' : '/ben-admins/admin';
  return `${base}/${encodeURIComponent(userId)}/manage`;
}

/** Routes every signed-in person opens, each in the view of their role (their home's). */
const PERSONAL_ROUTES: readonly string[] = ['myWork'];

/** The view a route shows in for this person: its own, or for a personal route their role's. */
export function viewFor(route: RouteDef, role: Role | null): ViewType {
  if (!role || !PERSONAL_ROUTES.includes(route.name)) return route.view;
  if (role === 'BROKER') return 'broker';
  if (role === 'BEN_ADMIN') return 'benAdmin';
  return 'internal';
}

/** A person's work list; staff name whose with `person` (their own without). */
export const myWorkPath = (personId?: string) =>
  personId ? `${MY_WORK_PATH}?${new URLSearchParams({ person: personId })}` : MY_WORK_PATH;

export function homePathFor(role: Role): string {
  switch (role) {
    case 'SLF_ADMIN':
    case 'SLF_OWNER':
      return ADMIN_HOME_PATH;
    case 'BROKER':
      return BROKER_HOME_PATH;
    case 'BEN_ADMIN':
      return BEN_ADMIN_HOME_PATH;
    default: {
      const unreachable: never = role;
      throw new Error(`Unknown role ${String(unreachable)}`);
    }
  }
}

type Parsed = { pattern: RegExp; keys: string[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * wouter parser with case-insensitive matching (spec platform §2). Supports `:name` segments, optional
 * `:name?` segments and a trailing `*` wildcard, which is all this route table uses.
 */
export function caseInsensitiveParser(route: string, loose = false): Parsed {
  const keys: string[] = [];
  let source = '';
  for (const segment of route.split('/').filter(Boolean)) {
    if (segment === '*') {
      keys.push('wild');
      source += '/(.*)';
    } else if (segment.startsWith(':')) {
      const isOptional = segment.endsWith('?');
      keys.push(segment.slice(1, isOptional ? -1 : undefined));
      source += isOptional ? '(?:/([^/]+?))?' : '/([^/]+?)';
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  // Nested routers match by prefix (loose); leaf routes must match the whole path, trailing slash allowed.
  return { pattern: new RegExp(`^${source}${loose ? '(?=$|/)' : '/?$'}`, 'i'), keys };
}

/** Matches a path against a route pattern, returning its parameters or null. */
export function matchPath(route: string, path: string): Record<string, string> | null {
  const { pattern, keys } = caseInsensitiveParser(route);
  const match = pattern.exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  keys.forEach((key, i) => {
    const value = match[i + 1];
    if (value !== undefined) params[key] = decodeURIComponent(value);
  });
  return params;
}

/** Paths after which sign-in never returns the user (spec platform §2, "Redirect after sign-in"). */
const NO_REDIRECT_PATHS = [
  LOGOUT_PATH,
  INDEX_PATH,
  NOT_FOUND_PATH,
  FORGOT_PATH,
  '/activate',
  '/reactivate',
  '/reset',
  MAINTENANCE_PATH,
  LOGIN_PATH,
  '/login/callback',
];

export function loginPathFor(currentPathWithSearch: string): string {
  const pathname = currentPathWithSearch.split(/[?#]/)[0] ?? '';
  const isExcluded = NO_REDIRECT_PATHS.some((p) => matchPath(p, pathname) !== null);
  // An unknown path renders the not-found page, so it never carries a redirect either.
  const isUnknown = resolveRoute(pathname).route === NOT_FOUND_ROUTE;
  if (isExcluded || isUnknown || pathname === '') return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentPathWithSearch)}`;
}

/** Only same-origin absolute paths are honoured, so `?redirect=` cannot send the user off-site. */
export function safeRedirect(redirect: string | null): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return null;
  return redirect;
}

/** Where a user goes after sign-in: the page they came from, else their role's home (platform §2). */
export function afterSignInPath(redirect: string | null, role: Role): string {
  return safeRedirect(redirect) ?? homePathFor(role);
}

/** The push-to-the-plan-system page of a client's EIF task. */
export const pushToQpsPath = (clientId: string) =>
  `/client/${encodeURIComponent(clientId)}/task/eif-submit-company-information/push-to-qps`;
