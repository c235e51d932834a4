import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { navigate } from 'wouter/use-browser-location';
import { StateProvider } from '../state/store.ts';
import { setApiNavigator } from '../api/http.ts';
import { swrConfig } from '../api/swr.ts';
import { labelTablesAsTheyChange } from '../ui/stacked-tables.ts';
import { App } from './App.tsx';

/**
 * The shell: React DOM, the router, the header and every shared control. Loaded by the entry (main.tsx)
 * after it has asked for the page's own code and first reads, so those arrive while this is evaluated.
 */
export function renderApp(): void {
  setApiNavigator((to) => navigate(to));
  labelTablesAsTheyChange();
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
