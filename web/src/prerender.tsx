import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { AppTree } from './app/tree.tsx';
import type { StateStore } from './state/store.ts';

/**
 * The markup of the portal at `path`, every part the page loads on its first render included: what
 * `wrap` puts around the app (the server's answers for a signed-in page) is what its first render reads,
 * and `store` the state it starts from (its own when not given). Any error (a part that cannot render here) rejects: the page is then sent without markup.
 */
export async function markupOf(
  path: string,
  wrap: (app: ReactNode) => ReactNode = (app) => app,
  signal?: AbortSignal,
  store?: StateStore,
): Promise<string> {
  let failed: unknown;
  const { prelude } = await prerenderToNodeStream(
    wrap(
      <Router ssrPath={path}>
        <AppTree store={store} />
      </Router>,
    ),
    {
      signal,
      // Every boundary inline, in place: outlining a large one would need a script to reveal it, which
      // the page's Content-Security-Policy (scripts from this origin only) does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failed ??= error;
      },
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (failed !== undefined || signal?.aborted) throw failed ?? new Error('The page took too long to render');
  return html;
}

/** The markup of a portal page as a visitor nobody has signed in as first sees it, for its static HTML. */
export const prerenderPage = (path: string): Promise<string> => markupOf(path);
