import { StrictMode } from 'react';
import { reloadOnPreloadError } from './app/preload-reload.ts';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { StateProvider } from './state/store.ts';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App.tsx';
import { setApiNavigator } from './api/http.ts';
import { swrConfig } from './api/swr.ts';
import './styles.css';

setApiNavigator((to) => navigate(to));

reloadOnPreloadError();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <StateProvider>
        <App />
      </StateProvider>
    </SWRConfig>
  </StrictMode>,
);
