import { StrictMode } from 'react';
import { SWRConfig } from 'swr';
import { StateProvider } from '../state/store.ts';
import { swrConfig } from '../api/swr.ts';
import { App } from './App.tsx';

/** The whole portal as the browser renders it (boot.tsx) and as its pages are prerendered (prerender.tsx). */
export function AppTree() {
  return (
    <StrictMode>
      <SWRConfig value={swrConfig}>
        <StateProvider>
          <App />
        </StateProvider>
      </SWRConfig>
    </StrictMode>
  );
}
