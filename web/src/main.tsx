import { StrictMode } from 'react';
import { reloadOnPreloadError } from './app/preload-reload.ts';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { StateProvider } from './state/store.ts';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App.tsx';
import { setApiNavigator } from './api/http.ts';
import { swrConfig } from './api/swr.ts';
import { labelTablesAsTheyChange } from './ui/stacked-tables.ts';
import { resolveRoute } from './app/routes.ts';
import { preloadScreenOf } from './app/screens.ts';
import { preloadDataOf } from './app/route-data.ts';
import './styles.css';

setApiNavigator((to) => navigate(to));

reloadOnPreloadError();
labelTablesAsTheyChange();

/**
 * The page's code and its first reads load beside the session's check and the shell's first render, not
 * one after the other.
 */
function preloadThisPage() {
  const { route, params } = resolveRoute(window.location.pathname);
  preloadScreenOf(route.name, params);
  preloadDataOf(route.name, params);
}

function render() {
  preloadThisPage();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SWRConfig value={swrConfig}>
        <StateProvider>
          <App />
        </StateProvider>
      </SWRConfig>
    </StrictMode>,
  );
}

// The tracking parameters (platform §2) leave the address before the router reads it, so a sign-in
// redirect never carries them; their code loads only on an address that has some.
if (/[?&]sgm/.test(window.location.search))
  void import('./app/tracking-params.ts')
    .then((tracking) => tracking.takeTrackingParamsFromAddress())
    .catch(() => undefined)
    .finally(render);
else render();
