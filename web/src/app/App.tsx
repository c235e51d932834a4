import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Router, useLocation } from 'wouter';
import { AppHeader } from './AppHeader.tsx';
import { RouteGate } from './Auth.tsx';
import { withAnalytics } from './analytics-lazy.ts';
import { JiraBanner } from './JiraBanner.tsx';
import { LegalFooter } from './LegalFooter.tsx';
import { showsSupportFooter } from './footers.ts';
import { PortalChatHost } from './PortalChatHost.tsx';
import { PageSkeleton } from '../ui/Feedback.tsx';
import { useAuthenticatedUser } from '../api/hooks.ts';
import { useConfiguration } from '../api/configuration.ts';
import { isAdminRole, type AuthenticatedUser } from '../api/types.ts';
import { useHasShownToast } from '../state/toasts.ts';
import { UnsavedChangesGuard } from '../features/eif/forms/unsaved.tsx';
import {
  GeneralErrorPage,
  LogoutPage,
  MaintenancePage,
  NotAvailablePage,
  NotFoundPage,
} from './StatusPages.tsx';
import {
  AdminClientsPage,
  AnalyticsAdminPage,
  BenAdminPlatformsPage,
  ClientHubPage,
  ResourcesPage,
  SigningPage,
  OnboardingFormViewer,
  DocumentsPage,
  EmailsListPage,
  EmailDetailPage,
  EmailTemplatesPage,
  EmailRulesPage,
  ClientManagePage,
  ClientsHomePage,
  CreateExplorerSitePage,
  EditExplorerSitePage,
  EifClassEditorRoute,
  EifHistoryPage,
  EifStepPage,
  EifSubStepPage,
  EifSummaryPage,
  EifConfirmChangesPage,
  EifTaskPage,
  ErrorReportsPage,
  SupportChatsPage,
  ConversationPage,
  MyConversationsPage,
  ExplorerSitesByOwnerPage,
  ExplorerSupportPage,
  MyWorkPage,
  FeatureTogglesPage,
  AccessLogPage,
  CompanionGuidePage,
  ForgotPage,
  IndexPage,
  LoginPage,
  OutsideSignerPage,
  OutsideSignerSummaryPage,
  PushStatusOverlay,
  PushToQpsPage,
  RenewExplorerSitePage,
  ReviewChangesPage,
  ReviewSubmitPage,
  TaskPage,
  SetupPendingPage,
  TermsOfUsePage,
  TokenPasswordPage,
  UserManagePage,
  UsersListPage,
  WelcomePage,
  CensusPage,
  CensusReportPage,
} from './screens.ts';
import { caseInsensitiveParser, requireParam, resolveRoute, viewFor, type RouteDef } from './routes.ts';
import { reportError, startErrorReporting } from './error-reporting.ts';

/** The page of each built route; every other route of the table shows the "not available yet" page. */
function pageFor(route: RouteDef, params: Record<string, string>, user: AuthenticatedUser | null): ReactNode {
  const p = (name: string) => requireParam(params, name);
  switch (route.name) {
    case 'login':
      return <LoginPage />;
    case 'forgot':
      return <ForgotPage />;
    case 'activate':
    case 'reactivate':
    case 'reset':
      return <TokenPasswordPage purpose={route.name} />;
    case 'logout':
      return <LogoutPage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'maintenance':
      return <MaintenancePage />;
    // Outside signers have no account: the action id in the link is their access (onboarding §2).
    case 'outsideSigner':
      return (
        <OutsideSignerPage
          key={p('outsideSignerActionId')}
          clientId={p('clientId')}
          actionId={p('outsideSignerActionId')}
        />
      );
    case 'outsideSignerEifSummary':
      return <OutsideSignerSummaryPage clientId={p('clientId')} />;
    // A signing link is its own access: recipients without an account sign here too.
    case 'onboardingFormsSigned':
      return (
        <SigningPage
          key={`${p('onboardingFormId')}/${p('recipientId')}`}
          clientId={p('clientId')}
          onboardingFormId={p('onboardingFormId')}
        />
      );
  }
  if (!user) return <NotAvailablePage />;
  switch (route.name) {
    case 'index':
      return <IndexPage user={user} />;
    case 'termsOfUse':
      return <TermsOfUsePage user={user} />;
    case 'homeInternal':
      return <AdminClientsPage />;
    case 'clientDetail':
      return <ClientManagePage key={p('clientId')} clientId={p('clientId')} />;
    case 'clientReviewChanges':
      return <ReviewChangesPage key={p('clientId')} clientId={p('clientId')} />;
    case 'clientEifHistory':
      return <EifHistoryPage key={p('clientId')} clientId={p('clientId')} />;
    case 'homeHub':
      return <ClientHubPage key={p('clientId')} clientId={p('clientId')} />;
    case 'clientEmailRules':
      return <EmailRulesPage key={p('clientId')} clientId={p('clientId')} />;
    case 'emailTemplates':
      return <EmailTemplatesPage />;
    case 'allEmails':
      return <EmailsListPage />;
    case 'email':
      return <EmailDetailPage key={p('emailId')} emailId={p('emailId')} />;
    case 'emails':
      return <EmailsListPage key={p('clientId')} clientId={p('clientId')} />;
    case 'emailClient':
      return (
        <EmailDetailPage
          key={`${p('clientId')}/${p('emailId')}`}
          clientId={p('clientId')}
          emailId={p('emailId')}
        />
      );
    case 'conversation':
      return (
        <ConversationPage
          key={`${p('clientId')}/${p('threadId')}`}
          clientId={p('clientId')}
          threadId={p('threadId')}
        />
      );
    case 'myConversations':
      return <MyConversationsPage />;
    case 'resourcesListing':
      return <ResourcesPage key={p('clientId')} clientId={p('clientId')} />;
    case 'onboardingFormsViewer':
      return (
        <OnboardingFormViewer
          key={p('onboardingFormId')}
          clientId={p('clientId')}
          onboardingFormId={p('onboardingFormId')}
        />
      );
    case 'clientDocuments':
      return <DocumentsPage key={p('clientId')} clientId={p('clientId')} />;
    case 'welcome':
      return <WelcomePage key={p('clientId')} clientId={p('clientId')} />;
    case 'setupPending':
      return <SetupPendingPage key={p('clientId')} clientId={p('clientId')} />;
    case 'clientTaskDetail':
      // The EIF task opens on its first open sub-step; every other task has its task page.
      if (p('taskId').toLowerCase() === 'eif-submit-company-information')
        return <EifTaskPage key={p('clientId')} clientId={p('clientId')} />;
      return (
        <TaskPage key={`${p('clientId')}/${p('taskId')}`} clientId={p('clientId')} taskId={p('taskId')} />
      );
    case 'policyTaskDetail':
      return (
        <TaskPage
          key={`${p('clientId')}/${p('taskId')}/${p('policyId')}`}
          clientId={p('clientId')}
          taskId={p('taskId')}
          policyId={p('policyId')}
        />
      );
    case 'censusValidations':
    case 'censusStepDetail': {
      const step = route.name === 'censusValidations' ? 'validations' : p('censusStep').toLowerCase();
      if (!['validations', 'upload-files', 'indicate-source', 'validate-submit'].includes(step))
        return <NotFoundPage />;
      return (
        <CensusPage
          key={`${p('clientId')}/${p('policyId')}`}
          clientId={p('clientId')}
          policyId={p('policyId')}
          step={step as 'validations'}
        />
      );
    }
    case 'censusValidateReportTab':
      return (
        <CensusReportPage
          key={`${p('clientId')}/${p('policyId')}/${p('documentId')}`}
          clientId={p('clientId')}
          policyId={p('policyId')}
          documentId={p('documentId')}
        />
      );
    case 'homeBenAdmin':
      return <ClientsHomePage user={user} title="Your onboarding" />;
    case 'homeBroker':
      return <ClientsHomePage user={user} title="Your clients" />;
    case 'usersInternal':
      return <UsersListPage kind="internal" />;
    case 'brokers':
      return <UsersListPage kind="broker" />;
    case 'benAdmins':
      return <UsersListPage kind="ben-admin" />;
    case 'brokerDetail':
      return <UserManagePage key={p('userId')} kind="broker" userId={p('userId')} />;
    case 'benAdminDetail':
      return <UserManagePage key={p('userId')} kind="ben-admin" userId={p('userId')} />;
    case 'eifSubStepDetail':
      return (
        <EifSubStepPage
          key={`${p('clientId')}/${p('eifSubStepId')}`}
          clientId={p('clientId')}
          stepId={p('eifStepId')}
          subStepId={p('eifSubStepId')}
        />
      );
    case 'eifSubStepPolicyDetail':
      return (
        <EifSubStepPage
          key={`${p('clientId')}/${p('eifSubStepId')}/${p('policyId')}`}
          clientId={p('clientId')}
          stepId={p('eifStepId')}
          subStepId={p('eifSubStepId')}
          policyId={p('policyId')}
        />
      );
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
    case 'eifSummary':
      return <EifSummaryPage key={p('clientId')} clientId={p('clientId')} />;
    case 'eifConfirmChanges':
      return <EifConfirmChangesPage key={p('clientId')} clientId={p('clientId')} />;
    case 'createBenefitsExplorerSite':
      return <CreateExplorerSitePage key={p('clientId')} clientId={p('clientId')} />;
    case 'editBenefitsExplorerSite':
      return (
        <EditExplorerSitePage
          key={p('explorerPageId')}
          clientId={p('clientId')}
          explorerPageId={p('explorerPageId')}
        />
      );
    case 'benefitsExplorerSiteSupport':
      return (
        <ExplorerSupportPage
          key={p('explorerPageId')}
          clientId={p('clientId')}
          explorerPageId={p('explorerPageId')}
        />
      );
    case 'analyticsAdmin':
      return isAdminRole(user.role) ? <AnalyticsAdminPage /> : <NotFoundPage />;
    case 'explorerSitesByOwner':
      return <ExplorerSitesByOwnerPage user={user} />;
    case 'myWork':
      return <MyWorkPage user={user} />;
    case 'featureToggles':
      return <FeatureTogglesPage />;
    case 'personalDataAccess':
      return user.role === 'SLF_OWNER' ? <AccessLogPage /> : <NotFoundPage />;
    case 'errorReports':
      return <ErrorReportsPage />;
    case 'supportChats':
      return <SupportChatsPage />;
    case 'companionGuide':
      return isAdminRole(user.role) ? <CompanionGuidePage /> : <NotFoundPage />;
    case 'benAdminPlatforms':
      return isAdminRole(user.role) ? <BenAdminPlatformsPage /> : <NotFoundPage />;
    case 'renewBenefitsExplorerSite':
      return (
        <RenewExplorerSitePage
          key={p('explorerPageId')}
          clientId={p('clientId')}
          explorerPageId={p('explorerPageId')}
        />
      );
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

const ClientBanner = lazy(() => import('./ClientBanner.tsx').then((m) => ({ default: m.ClientBanner })));
const EmailToasts = lazy(() => import('./EmailToasts.tsx').then((m) => ({ default: m.EmailToasts })));
const SupportFooter = lazy(() => import('./SupportFooter.tsx').then((m) => ({ default: m.SupportFooter })));
// The event stream is for admins only: its code (and what it refreshes) stays off the other first pages.
const Realtime = lazy(() => import('./Realtime.tsx').then((m) => ({ default: m.Realtime })));

type BoundaryProps = { children: ReactNode; resetKey: string };

/** A crashing page shows the general error page instead of a blank screen; moving elsewhere clears it. */
class PageErrorBoundary extends Component<BoundaryProps, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    reportError(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.setState({ hasError: false });
  }

  override render() {
    return this.state.hasError ? <GeneralErrorPage /> : this.props.children;
  }
}

/** Loads the configuration (kept per build version); a failed load throws to the error boundary. */
function ConfigurationLoader() {
  useConfiguration();
  return null;
}

/**
 * The real-time connection: carrier admins and owners hear everything (spec platform §6) and see the
 * push overlay; a client's people hear only of their clients' conversations, so an open thread follows.
 */
function AdminRealtime() {
  const { data: user } = useAuthenticatedUser();
  if (!user) return null;
  return (
    <>
      <Suspense fallback={null}>
        <Realtime key={user.id} />
      </Suspense>
      {isAdminRole(user.role) && (
        <Suspense fallback={null}>
          <PushStatusOverlay />
        </Suspense>
      )}
    </>
  );
}

function Shell() {
  const [location] = useLocation();
  const { route, params } = resolveRoute(location);
  const { data: user } = useAuthenticatedUser();
  const hasShownToast = useHasShownToast();
  const view = viewFor(route, user?.role ?? null);
  return (
    // Every in-app link, the header's included, asks first while a form holds unsaved answers.
    <UnsavedChangesGuard>
      <div className={`app app--${view}`}>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <AppHeader view={view} user={user ?? null} clientId={params.clientId} />
        <JiraBanner user={user ?? null} />
        {route.view === 'hub' && user && params.clientId && (
          <Suspense fallback={null}>
            <ClientBanner user={user} clientId={params.clientId} />
          </Suspense>
        )}
        <main id="main" className="app-main" data-route={route.name}>
          <PageErrorBoundary resetKey={location}>
            <ConfigurationLoader />
            <RouteGate key={route.name} route={route}>
              {(gated) => <Suspense fallback={<PageSkeleton />}>{pageFor(route, params, gated)}</Suspense>}
            </RouteGate>
          </PageErrorBoundary>
        </main>
        {user && params.clientId && showsSupportFooter(route, params.clientId) && (
          <Suspense fallback={null}>
            <SupportFooter clientId={params.clientId} />
          </Suspense>
        )}
        <LegalFooter isExplorer={route.view === 'explorer'} />
        <AdminRealtime />
        {user && !isAdminRole(user.role) && route.view !== 'explorer' && (
          <PortalChatHost clientId={params.clientId ?? null} />
        )}
        {hasShownToast && (
          <Suspense fallback={null}>
            <EmailToasts />
          </Suspense>
        )}
      </div>
    </UnsavedChangesGuard>
  );
}

const ExplorerPublicApp = lazy(() =>
  import('../features/explorer/index.tsx').then((m) => ({ default: m.ExplorerPublicApp })),
);

/** The public Explorer is its own code-split site, outside the portal's shell (explorer §2). */
function Root() {
  const [location] = useLocation();
  const { route } = resolveRoute(location);
  const { data: user } = useAuthenticatedUser();
  // A page event on every route change (platform §7 Analytics events).
  useEffect(() => {
    withAnalytics((a) => a.page(route.name, { view: route.view }));
  }, [location, route.name, route.view]);
  // Identify once per signed-in user: on sign-in, and on a page load of a session.
  const userId = user?.id;
  const role = user?.role;
  useEffect(() => {
    if (userId) withAnalytics((a) => a.identify(userId, { role }));
  }, [userId, role]);
  if (route.view === 'explorer' && route.auth === 'optional')
    return (
      <Suspense fallback={null}>
        <ExplorerPublicApp path={location} />
      </Suspense>
    );
  return <Shell />;
}

export function App() {
  // The error-reporting SDK loads after the first paint, in a chunk of its own (error-reporting.ts).
  useEffect(startErrorReporting, []);
  return (
    <Router parser={caseInsensitiveParser}>
      <Root />
    </Router>
  );
}
