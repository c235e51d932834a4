import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { StateProvider } from './state/store.ts';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App.tsx';
import { setApiNavigator } from './api/http.ts';
import { swrConfig } from './api/swr.ts';
import { takeTrackingParamsFromAddress } from './app/analytics.ts';
import './styles.css';

setApiNavigator((to) => navigate(to));
// Before the router reads the address: a sign-in redirect must not carry the tracking parameters.
takeTrackingParamsFromAddress();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <StateProvider>
        <App />
      </StateProvider>
    </SWRConfig>
  </StrictMode>,
);
