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
import { isAdminRole } from '../api/types.ts';
import { useHasShownToast } from '../state/toasts.ts';
import { UnsavedChangesGuard } from '../features/eif/forms/unsaved.tsx';
import { GeneralErrorPage } from './StatusPages.tsx';
import { PushStatusOverlay } from './screens.ts';
import { pageFor } from './pages.tsx';
import { useHydrated } from './prerendered.ts';
import { caseInsensitiveParser, resolveRoute, viewFor } from './routes.ts';
import { reportError, startErrorReporting } from './error-reporting.ts';

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
  const hydrated = useHydrated();
  const view = viewFor(route, user?.role ?? null);
  return (
    // Every in-app link, the header's included, asks first while a form holds unsaved answers.
    <UnsavedChangesGuard>
      {/* A page served with its markup, its header included, takes no input until it is the app's: no tap
          or keystroke goes to a control that cannot act on it yet. */}
      <div className={`app app--${view}`} inert={!hydrated}>
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
