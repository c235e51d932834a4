import { RouterProvider } from 'react-aria-components';
import { Route, Router, Switch, useLocation } from 'wouter';
import { AppHeader } from './components/AppHeader.tsx';
import { RequireAuth } from './components/Auth.tsx';
import { EmailToasts } from './components/EmailToasts.tsx';
import { LegalFooter } from './components/LegalFooter.tsx';
import { PushStatusOverlay } from './components/PushStatusOverlay.tsx';
import { Realtime } from './components/Realtime.tsx';
import { useAuthenticatedUser } from './api/hooks.ts';
import { isAdminRole } from './api/types.ts';
import { ClientsHomePage } from './pages/ClientsHomePage.tsx';
import { IndexPage } from './pages/IndexPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { MaintenancePage } from './pages/MaintenancePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { TaxIdPage } from './pages/TaxIdPage.tsx';
import {
  ADMIN_HOME_PATH,
  BEN_ADMIN_HOME_PATH,
  BROKER_HOME_PATH,
  caseInsensitiveParser,
  INDEX_PATH,
  LOGIN_PATH,
  MAINTENANCE_PATH,
  NOT_FOUND_PATH,
  TAX_ID_ROUTE,
} from './routes.ts';

function Routes() {
  return (
    <Switch>
      <Route path={LOGIN_PATH} component={LoginPage} />
      <Route path={NOT_FOUND_PATH} component={NotFoundPage} />
      <Route path={MAINTENANCE_PATH} component={MaintenancePage} />
      <Route path={INDEX_PATH}>
        <RequireAuth>{(user) => <IndexPage user={user} />}</RequireAuth>
      </Route>
      <Route path={ADMIN_HOME_PATH}>
        <RequireAuth>{(user) => <ClientsHomePage user={user} title="Client administration" />}</RequireAuth>
      </Route>
      <Route path={BEN_ADMIN_HOME_PATH}>
        <RequireAuth>{(user) => <ClientsHomePage user={user} title="Your onboarding" />}</RequireAuth>
      </Route>
      <Route path={BROKER_HOME_PATH}>
        <RequireAuth>{(user) => <ClientsHomePage user={user} title="Your clients" />}</RequireAuth>
      </Route>
      <Route<{ clientId: string }> path={TAX_ID_ROUTE}>
        {(params) => <RequireAuth>{() => <TaxIdPage clientId={params.clientId} />}</RequireAuth>}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** Real-time pieces exist only for carrier admins and owners (spec platform §6). */
function AdminRealtime() {
  const { data: user } = useAuthenticatedUser();
  if (!user || !isAdminRole(user.role)) return null;
  return (
    <>
      <Realtime key={user.id} />
      <PushStatusOverlay />
    </>
  );
}

function Shell() {
  const [, navigate] = useLocation();
  return (
    <RouterProvider navigate={(to) => navigate(to)}>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <AppHeader />
        <main id="main" className="app-main">
          <Routes />
        </main>
        <LegalFooter />
        <AdminRealtime />
        <EmailToasts />
      </div>
    </RouterProvider>
  );
}

export function App() {
  return (
    <Router parser={caseInsensitiveParser}>
      <Shell />
    </Router>
  );
}
