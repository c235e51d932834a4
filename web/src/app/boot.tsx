import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { setApiNavigator } from '../api/http.ts';
import { isUsernameRemembered } from '../state/atoms.ts';
import { labelTablesAsTheyChange } from '../ui/stacked-tables.ts';
import { reportError } from './error-reporting.ts';
import { takePrerenderedMarkup } from './prerendered.ts';
import { AppTree } from './tree.tsx';

/**
 * What makes the sign-in page's first view other than its prerendered markup (the one page prerendered):
 * a username this browser remembers, or a sign-in link in the address, which starts signing in at once.
 */
const signInPageDiffers = () =>
  isUsernameRemembered() || new URLSearchParams(window.location.search).has('signInLink');

/**
 * The shell: React DOM, the router, the header and every shared control. Loaded by the entry (main.tsx)
 * after it has asked for the page's own code and first reads, so those arrive while this is evaluated. A
 * page served with its markup (the sign-in page prerendered; a signed-in person's page rendered by the
 * server with its first answers, `data.renderedForUser`) is hydrated: it is on screen before this runs.
 */
export function renderApp(
  screenLoaded: Promise<void>,
  data: { renderedForUser: boolean; seeded: Promise<void> },
): void {
  setApiNavigator((to) => navigate(to));
  labelTablesAsTheyChange();
  const root = document.getElementById('root')!;
  if (!takePrerenderedMarkup(root, !data.renderedForUser && signInPageDiffers())) {
    createRoot(root).render(<AppTree />);
    return;
  }
  // Hydrated once the page's own code is in and its answers in swr's cache, so it renders in the one pass.
  void Promise.all([screenLoaded, data.seeded]).then(() =>
    hydrateRoot(root, <AppTree />, {
      // A prerendered page that does not match what the app renders is rendered afresh; said and reported.
      onRecoverableError: (error) => {
        console.error('The page was rendered afresh:', error);
        reportError(error);
      },
    }),
  );
}
