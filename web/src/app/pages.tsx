import { createElement, type ReactNode } from 'react';
import { isAdminRole, type AuthenticatedUser } from '../api/types.ts';
import { LogoutPage, MaintenancePage, NotAvailablePage, NotFoundPage } from './StatusPages.tsx';
import {
  AccessLogPage,
  AdminClientsPage,
  AnalyticsAdminPage,
  BenAdminPlatformsPage,
  CensusPage,
  CensusReportPage,
  ClientHubPage,
  ClientManagePage,
  ClientsHomePage,
  CompanionGuidePage,
  ConversationPage,
  CreateExplorerSitePage,
  DocumentsPage,
  EditExplorerSitePage,
  EifClassEditorRoute,
  EifConfirmChangesPage,
  EifHistoryPage,
  EifStepPage,
  EifSubStepPage,
  EifSummaryPage,
  EifTaskPage,
  EmailDetailPage,
  EmailRulesPage,
  EmailsListPage,
  EmailTemplatesPage,
  ErrorReportsPage,
  ExplorerSitesByOwnerPage,
  ExplorerSupportPage,
  FeatureTogglesPage,
  ForgotPage,
  IndexPage,
  LoginPage,
  MyConversationsPage,
  MyWorkPage,
  OnboardingFormViewer,
  OutsideSignerPage,
  OutsideSignerSummaryPage,
  PushToQpsPage,
  RenewExplorerSitePage,
  ResourcesPage,
  ReviewChangesPage,
  ReviewSubmitPage,
  SetupPendingPage,
  SigningPage,
  SupportChatsPage,
  TaskPage,
  TermsOfUsePage,
  TokenPasswordPage,
  UserManagePage,
  UsersListPage,
  WelcomePage,
  type LazyScreen,
} from './screens.ts';
import { requireParam, type RouteDef } from './routes.ts';

/**
 * A page whose props are its route's parameters: the screen, the parameters it takes under their own
 * names, those it takes under another name (prop → parameter), and any fixed props.
 */
type ParamPage = readonly [
  screen: LazyScreen,
  params: readonly string[],
  renamed?: Readonly<Record<string, string>>,
  fixed?: Readonly<Record<string, unknown>>,
];

const EIF_STEP = { stepId: 'eifStepId', subStepId: 'eifSubStepId' };

/** The pages that need no account: an outside signer's link or a signing link is its own access. */
const PUBLIC_PAGES: Readonly<Record<string, ParamPage>> = {
  login: [LoginPage, []],
  forgot: [ForgotPage, []],
  activate: [TokenPasswordPage, [], {}, { purpose: 'activate' }],
  reactivate: [TokenPasswordPage, [], {}, { purpose: 'reactivate' }],
  reset: [TokenPasswordPage, [], {}, { purpose: 'reset' }],
  // Outside signers have no account: the action id in the link is their access (onboarding §2).
  outsideSigner: [OutsideSignerPage, ['clientId'], { actionId: 'outsideSignerActionId' }],
  outsideSignerEifSummary: [OutsideSignerSummaryPage, ['clientId']],
  // A signing link is its own access: recipients without an account sign here too.
  onboardingFormsSigned: [SigningPage, ['clientId', 'onboardingFormId']],
};

/** The signed-in pages that take nothing but their route's parameters. */
const PAGES: Readonly<Record<string, ParamPage>> = {
  homeInternal: [AdminClientsPage, []],
  clientDetail: [ClientManagePage, ['clientId']],
  clientReviewChanges: [ReviewChangesPage, ['clientId']],
  clientEifHistory: [EifHistoryPage, ['clientId']],
  homeHub: [ClientHubPage, ['clientId']],
  clientEmailRules: [EmailRulesPage, ['clientId']],
  emailTemplates: [EmailTemplatesPage, []],
  allEmails: [EmailsListPage, []],
  email: [EmailDetailPage, ['emailId']],
  emails: [EmailsListPage, ['clientId']],
  emailClient: [EmailDetailPage, ['clientId', 'emailId']],
  conversation: [ConversationPage, ['clientId', 'threadId']],
  myConversations: [MyConversationsPage, []],
  resourcesListing: [ResourcesPage, ['clientId']],
  onboardingFormsViewer: [OnboardingFormViewer, ['clientId', 'onboardingFormId']],
  clientDocuments: [DocumentsPage, ['clientId']],
  welcome: [WelcomePage, ['clientId']],
  setupPending: [SetupPendingPage, ['clientId']],
  policyTaskDetail: [TaskPage, ['clientId', 'taskId', 'policyId']],
  censusValidateReportTab: [CensusReportPage, ['clientId', 'policyId', 'documentId']],
  usersInternal: [UsersListPage, [], {}, { kind: 'internal' }],
  brokers: [UsersListPage, [], {}, { kind: 'broker' }],
  benAdmins: [UsersListPage, [], {}, { kind: 'ben-admin' }],
  brokerDetail: [UserManagePage, ['userId'], {}, { kind: 'broker' }],
  benAdminDetail: [UserManagePage, ['userId'], {}, { kind: 'ben-admin' }],
  eifSubStepDetail: [EifSubStepPage, ['clientId'], EIF_STEP],
  eifSubStepPolicyDetail: [EifSubStepPage, ['clientId', 'policyId'], EIF_STEP],
  eifSummary: [EifSummaryPage, ['clientId']],
  eifConfirmChanges: [EifConfirmChangesPage, ['clientId']],
  createBenefitsExplorerSite: [CreateExplorerSitePage, ['clientId']],
  editBenefitsExplorerSite: [EditExplorerSitePage, ['clientId', 'explorerPageId']],
  benefitsExplorerSiteSupport: [ExplorerSupportPage, ['clientId', 'explorerPageId']],
  renewBenefitsExplorerSite: [RenewExplorerSitePage, ['clientId', 'explorerPageId']],
  featureToggles: [FeatureTogglesPage, []],
  errorReports: [ErrorReportsPage, []],
  supportChats: [SupportChatsPage, []],
};

/** The pages only some staff open; anyone else is shown "not found". */
const ADMIN_PAGES: Readonly<Record<string, LazyScreen>> = {
  analyticsAdmin: AnalyticsAdminPage,
  companionGuide: CompanionGuidePage,
  benAdminPlatforms: BenAdminPlatformsPage,
};

/** The pages that show something of the signed-in person. */
const PERSON_PAGES: Readonly<Record<string, LazyScreen>> = {
  index: IndexPage,
  termsOfUse: TermsOfUsePage,
  explorerSitesByOwner: ExplorerSitesByOwnerPage,
  myWork: MyWorkPage,
};

const CENSUS_STEPS = ['validations', 'upload-files', 'indicate-source', 'validate-submit'];

/**
 * A table's page, given its parameters as props; keyed by the route's parameters, so another client, form
 * or id mounts the page afresh.
 */
function paramPage([screen, names, renamed = {}, fixed = {}]: ParamPage, params: Record<string, string>) {
  const props: Record<string, unknown> = { ...fixed };
  for (const name of names) props[name] = requireParam(params, name);
  for (const [prop, name] of Object.entries(renamed)) props[prop] = requireParam(params, name);
  const key = Object.values(params).join('/');
  return createElement(screen, key ? { key, ...props } : props);
}

/** The pages whose props the route's parameters decide in their own way. */
function computedPage(route: RouteDef, params: Record<string, string>, user: AuthenticatedUser): ReactNode {
  const p = (name: string) => requireParam(params, name);
  switch (route.name) {
    case 'homeBenAdmin':
      return <ClientsHomePage user={user} title="Your onboarding" />;
    case 'homeBroker':
      return <ClientsHomePage user={user} title="Your clients" />;
    case 'clientTaskDetail':
      // The EIF task opens on its first open sub-step; every other task has its task page.
      if (p('taskId').toLowerCase() === 'eif-submit-company-information')
        return <EifTaskPage key={p('clientId')} clientId={p('clientId')} />;
      return (
        <TaskPage key={`${p('clientId')}/${p('taskId')}`} clientId={p('clientId')} taskId={p('taskId')} />
      );
    case 'censusValidations':
    case 'censusStepDetail': {
      const step = route.name === 'censusValidations' ? 'validations' : p('censusStep').toLowerCase();
      if (!CENSUS_STEPS.includes(step)) return <NotFoundPage />;
      return (
        <CensusPage
          key={`${p('clientId')}/${p('policyId')}`}
          clientId={p('clientId')}
          policyId={p('policyId')}
          step={step}
        />
      );
    }
    case 'eifClassBuilderCreator':
    case 'eifClassBuilderEdit': {
      const employeeClassId = route.name === 'eifClassBuilderCreator' ? 'create' : p('employeeClassId');
      return (
        <EifClassEditorRoute
          key={`${p('clientId')}/${employeeClassId}`}
          clientId={p('clientId')}
          stepId={p('eifStepId')}
          subStepId={p('eifSubStepId')}
          employeeClassId={employeeClassId}
        />
      );
    }
    case 'eifPushToQPS':
      return <PushToQpsPage key={p('clientId')} clientId={p('clientId')} user={user} />;
    case 'eifStepDetail':
      if (p('eifStepId').toLowerCase() === 'review-&-submit')
        return <ReviewSubmitPage key={p('clientId')} clientId={p('clientId')} user={user} />;
      return <EifStepPage key={p('clientId')} clientId={p('clientId')} stepId={p('eifStepId')} />;
    default:
      return <NotAvailablePage />;
  }
}

/** The page of each built route; every other route of the table shows the "not available yet" page. */
export function pageFor(
  route: RouteDef,
  params: Record<string, string>,
  user: AuthenticatedUser | null,
): ReactNode {
  const publicPage = PUBLIC_PAGES[route.name];
  if (publicPage) return paramPage(publicPage, params);
  if (route.name === 'logout') return <LogoutPage />;
  if (route.name === 'notFound') return <NotFoundPage />;
  if (route.name === 'maintenance') return <MaintenancePage />;
  if (!user) return <NotAvailablePage />;
  const page = PAGES[route.name];
  if (page) return paramPage(page, params);
  const PersonPage = PERSON_PAGES[route.name];
  if (PersonPage) return <PersonPage user={user} />;
  const AdminPage = ADMIN_PAGES[route.name];
  if (AdminPage) return isAdminRole(user.role) ? <AdminPage /> : <NotFoundPage />;
  if (route.name === 'personalDataAccess')
    return user.role === 'SLF_OWNER' ? <AccessLogPage /> : <NotFoundPage />;
  return computedPage(route, params, user);
}
