import { createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Every screen, loaded when its route is first opened: the first page downloads the shell and its own
 * feature only (the sign-in page carries no form controls, dialogs or EIF code).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen keeps its own props
type Screen = ComponentType<any>;
/**
 * A screen loaded on first render, whose code can also be asked for earlier (`preloadScreenOf`). Once its
 * code is in, a screen mounted from then on renders at once instead of suspending: a prerendered page is
 * hydrated in one pass, with no boundary left to render afresh when the app's first reads arrive.
 */
export type LazyScreen = ((props: Record<string, unknown>) => ReactNode) & {
  preload: () => Promise<unknown>;
};
const screen = <K extends string, M extends Record<K, Screen>>(
  load: () => Promise<M>,
  name: K,
): LazyScreen => {
  let loaded: Screen | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().then((m) => {
      loaded = m[name];
      return m;
    }));
  const Lazy = lazy(() => preload().then((m) => ({ default: m[name] })));
  function LazyScreen(props: Record<string, unknown>) {
    // Chosen once per mount: switching from the lazy one to the loaded one would remount the page.
    const [Component] = useState<Screen>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyScreen, { preload });
};

const signIn = {
  login: () => import('../features/sign-in/LoginPage.tsx'),
  forgot: () => import('../features/sign-in/ForgotPage.tsx'),
  token: () => import('../features/sign-in/TokenPasswordPage.tsx'),
  terms: () => import('../features/sign-in/TermsOfUsePage.tsx'),
};
export const LoginPage = screen(signIn.login, 'LoginPage');
export const ForgotPage = screen(signIn.forgot, 'ForgotPage');
export const TokenPasswordPage = screen(signIn.token, 'TokenPasswordPage');
export const TermsOfUsePage = screen(signIn.terms, 'TermsOfUsePage');

export const IndexPage = screen(() => import('./IndexPage.tsx'), 'IndexPage');
export const AdminClientsPage = screen(
  () => import('../features/clients/AdminClientsPage.tsx'),
  'AdminClientsPage',
);
export const ClientManagePage = screen(
  () => import('../features/clients/ClientManagePage.tsx'),
  'ClientManagePage',
);
export const ClientsHomePage = screen(
  () => import('../features/clients/ClientsHomePage.tsx'),
  'ClientsHomePage',
);
// The hub home opens behind its entry guard: the client's people see /setup-pending or /welcome first.
const hubHome = () =>
  Promise.all([
    import('../features/tasks/ClientHubPage.tsx'),
    import('../features/welcome/HubEntryGuard.tsx'),
  ]).then(([hub, guard]) => ({ ClientHubPage: guard.guardHubEntry(hub.ClientHubPage) }));
export const ClientHubPage = screen(hubHome, 'ClientHubPage');
export const WelcomePage = screen(() => import('../features/welcome/WelcomePage.tsx'), 'WelcomePage');
export const SetupPendingPage = screen(
  () => import('../features/welcome/SetupPendingPage.tsx'),
  'SetupPendingPage',
);
export const EmailsListPage = screen(() => import('../features/emails/EmailsListPage.tsx'), 'EmailsListPage');
export const EmailDetailPage = screen(
  () => import('../features/emails/EmailDetailPage.tsx'),
  'EmailDetailPage',
);
export const EmailTemplatesPage = screen(
  () => import('../features/emails/EmailTemplatesPage.tsx'),
  'EmailTemplatesPage',
);
export const EmailRulesPage = screen(() => import('../features/emails/EmailRulesPage.tsx'), 'EmailRulesPage');
export const ResourcesPage = screen(() => import('../features/resources/ResourcesPage.tsx'), 'ResourcesPage');
export const TaskPage = screen(() => import('../features/tasks/TaskPage.tsx'), 'TaskPage');
export const MyWorkPage = screen(() => import('../features/work/MyWorkPage.tsx'), 'MyWorkPage');
export const DocumentsPage = screen(() => import('../features/documents/DocumentsPage.tsx'), 'DocumentsPage');
export const AnalyticsAdminPage = screen(
  () => import('../features/analytics/AnalyticsAdminPage.tsx'),
  'AnalyticsAdminPage',
);
export const UsersListPage = screen(() => import('../features/users/UsersListPage.tsx'), 'UsersListPage');
export const UserManagePage = screen(() => import('../features/users/UserManagePage.tsx'), 'UserManagePage');

const eif = () => import('../features/eif/forms/pages.tsx');
export const EifTaskPage = screen(() => import('../features/eif/EifTaskPage.tsx'), 'EifTaskPage');
export const EifSummaryPage = screen(() => import('../features/eif/EifSummaryPage.tsx'), 'EifSummaryPage');
export const EifConfirmChangesPage = screen(
  () => import('../features/eif/Signatures.tsx'),
  'EifConfirmChangesPage',
);
export const EifHistoryPage = screen(() => import('../features/eif/EifHistoryPage.tsx'), 'EifHistoryPage');
export const EifStepPage = screen(eif, 'EifStepPage');
export const EifSubStepPage = screen(eif, 'EifSubStepPage');
export const EifClassEditorRoute = screen(eif, 'EifClassEditorRoute');

const outsideSigner = () => import('../features/review/OutsideSignerPage.tsx');
export const ReviewChangesPage = screen(
  () => import('../features/review/ReviewChangesPage.tsx'),
  'ReviewChangesPage',
);
export const ReviewSubmitPage = screen(
  () => import('../features/review/ReviewSubmitPage.tsx'),
  'ReviewSubmitPage',
);
export const OutsideSignerPage = screen(outsideSigner, 'OutsideSignerPage');
export const OutsideSignerSummaryPage = screen(outsideSigner, 'OutsideSignerSummaryPage');

export const PushToQpsPage = screen(() => import('../features/push/PushToQpsPage.tsx'), 'PushToQpsPage');
export const PushStatusOverlay = screen(
  () => import('../features/push/PushStatusOverlay.tsx'),
  'PushStatusOverlay',
);

const siteForms = () => import('../features/explorer-admin/pages.tsx');
export const CreateExplorerSitePage = screen(siteForms, 'CreateExplorerSitePage');
export const EditExplorerSitePage = screen(siteForms, 'EditExplorerSitePage');
export const RenewExplorerSitePage = screen(siteForms, 'RenewExplorerSitePage');
export const BenAdminPlatformsPage = screen(
  () => import('../features/ben-admin-platforms/BenAdminPlatformsPage.tsx'),
  'BenAdminPlatformsPage',
);
export const ExplorerSitesByOwnerPage = screen(
  () => import('../features/explorer-admin/OwnerSitesPage.tsx'),
  'ExplorerSitesByOwnerPage',
);
export const CompanionGuidePage = screen(
  () => import('../features/data-feed/CompanionGuidePage.tsx'),
  'CompanionGuidePage',
);
export const AccessLogPage = screen(
  () => import('../features/personal-data/AccessLogPage.tsx'),
  'AccessLogPage',
);
export const FeatureTogglesPage = screen(
  () => import('../features/feature-toggles/FeatureTogglesPage.tsx'),
  'FeatureTogglesPage',
);
export const ExplorerSupportPage = screen(
  () => import('../features/explorer-admin/SupportInboxPage.tsx'),
  'ExplorerSupportPage',
);

const conversations = {
  thread: () => import('../features/conversations/ConversationPage.tsx'),
  mine: () => import('../features/conversations/MyConversationsPage.tsx'),
};
export const ConversationPage = screen(conversations.thread, 'ConversationPage');
export const MyConversationsPage = screen(conversations.mine, 'MyConversationsPage');

export const SupportChatsPage = screen(
  () => import('../features/support/SupportChatsPage.tsx'),
  'SupportChatsPage',
);

export const ErrorReportsPage = screen(
  () => import('../features/error-reports/ErrorReportsPage.tsx'),
  'ErrorReportsPage',
);

const census = () => import('../features/census/CensusPage.tsx');
export const CensusPage = screen(census, 'CensusPage');
export const CensusReportPage = screen(
  () => import('../features/census/CensusReportPage.tsx'),
  'CensusReportPage',
);
export const SigningPage = screen(
  () => import('../features/onboarding-forms/SigningPage.tsx'),
  'SigningPage',
);
export const OnboardingFormViewer = screen(
  () => import('../features/onboarding-forms/OnboardingFormViewer.tsx'),
  'OnboardingFormViewer',
);

/**
 * The screen a route opens (App.tsx's pageFor), so its code is asked for as soon as the address is known:
 * while the session is still being checked, not after. Routes not listed load their screen on render.
 */
const SCREEN_OF_ROUTE: Record<string, LazyScreen> = {
  login: LoginPage,
  forgot: ForgotPage,
  activate: TokenPasswordPage,
  reactivate: TokenPasswordPage,
  reset: TokenPasswordPage,
  index: IndexPage,
  termsOfUse: TermsOfUsePage,
  homeInternal: AdminClientsPage,
  clientDetail: ClientManagePage,
  clientReviewChanges: ReviewChangesPage,
  clientEifHistory: EifHistoryPage,
  homeHub: ClientHubPage,
  homeBenAdmin: ClientsHomePage,
  homeBroker: ClientsHomePage,
  welcome: WelcomePage,
  setupPending: SetupPendingPage,
  policyTaskDetail: TaskPage,
  eifSubStepDetail: EifSubStepPage,
  eifSubStepPolicyDetail: EifSubStepPage,
  eifClassBuilderCreator: EifClassEditorRoute,
  eifClassBuilderEdit: EifClassEditorRoute,
  eifSummary: EifSummaryPage,
  censusValidations: CensusPage,
  censusStepDetail: CensusPage,
  censusValidateReportTab: CensusReportPage,
  clientDocuments: DocumentsPage,
  resourcesListing: ResourcesPage,
  emails: EmailsListPage,
  allEmails: EmailsListPage,
  email: EmailDetailPage,
  emailClient: EmailDetailPage,
  myWork: MyWorkPage,
  myConversations: MyConversationsPage,
  conversation: ConversationPage,
  usersInternal: UsersListPage,
  brokers: UsersListPage,
  benAdmins: UsersListPage,
  brokerDetail: UserManagePage,
  benAdminDetail: UserManagePage,
  outsideSigner: OutsideSignerPage,
  onboardingFormsSigned: SigningPage,
  onboardingFormsViewer: OnboardingFormViewer,
  personalDataAccess: AccessLogPage,
  eifConfirmChanges: EifConfirmChangesPage,
};

/** Starts loading the code of the screen `routeName` opens (the EIF task's own page for its task id). */
export function preloadScreenOf(
  routeName: string,
  params: Record<string, string | undefined>,
): Promise<void> {
  const isEifTask =
    routeName === 'clientTaskDetail' && params.taskId?.toLowerCase() === 'eif-submit-company-information';
  const target =
    routeName === 'clientTaskDetail' ? (isEifTask ? EifTaskPage : TaskPage) : SCREEN_OF_ROUTE[routeName];
  // A failed preload is left to the screen's own load when it renders, which reports it.
  return (target?.preload() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}
