import { useSyncExternalStore } from 'react';

/**
 * Whether the page's first render is its prerendered markup (web/src/prerender.tsx wrote it at build time
 * and boot.tsx hydrates it), or the page is being prerendered now. That render must then be the same as the
 * prerender's, so nothing kept in this browser's storage shows in it.
 */
let hydrating = typeof document === 'undefined';

export const pageHasMarkup = (): boolean => hydrating;

/**
 * Whether boot.tsx hydrates the root's prerendered markup: when it has some, and this browser keeps nothing
 * that the page's first render would show differently (`differs`). Otherwise the page renders afresh.
 */
export function takePrerenderedMarkup(root: Element, differs: boolean): boolean {
  hydrating = root.hasChildNodes() && !differs;
  return hydrating;
}

const subscribeToNothing = () => () => undefined;

/**
 * False while the page's prerendered markup is being hydrated (and while it is prerendered), true from the
 * render after: what the page shows before its script runs can be made inert until the script can act.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
