import { StrictMode } from 'react';
import { SWRConfig } from 'swr';
import { StateProvider, type StateStore } from '../state/store.ts';
import { swrConfig } from '../api/swr.ts';
import { App } from './App.tsx';

/**
 * The whole portal as the browser renders it (boot.tsx) and as its pages are prerendered (prerender.tsx),
 * on its own state, or on `store` (what the server knows of the browser's state, set before it renders).
 */
export function AppTree({ store }: { store?: StateStore }) {
  return (
    <StrictMode>
      <SWRConfig value={swrConfig}>
        <StateProvider store={store}>
          <App />
        </StateProvider>
      </SWRConfig>
    </StrictMode>
  );
}
