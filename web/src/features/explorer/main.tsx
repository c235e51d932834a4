import { StrictMode } from 'react';
import { reloadOnPreloadError } from '../../app/preload-reload.ts';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { StateProvider } from '../../state/store.ts';
import { Router, useLocation } from 'wouter';
import { swrConfig } from '../../api/swr.ts';
import { caseInsensitiveParser } from '../../app/routes.ts';
import { ExplorerPublicApp } from './index.tsx';
import '../../styles.css';

/**
 * The public Benefits Explorer's own entry (web/explorer.html): employees open it without an account,
 * often on a phone, so it ships none of the portal's code. The server answers explorer paths with it.
 */
function ExplorerRoot() {
  const [location] = useLocation();
  return <ExplorerPublicApp path={location} />;
}

reloadOnPreloadError();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <StateProvider>
        <Router parser={caseInsensitiveParser}>
          <ExplorerRoot />
        </Router>
      </StateProvider>
    </SWRConfig>
  </StrictMode>,
);
