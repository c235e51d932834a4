import { preloadAuthenticatedUser, takeDataBlock } from '../api/hooks.ts';
import type { Answers } from './route-data.ts';

/** The id of the data block with the page's first reads' answers (platform/src/http/portal-page.ts). */
const ANSWERS_BLOCK_ID = 'onboard-answers';

/**
 * Asks who is signed in and, for a signed-in person, starts the route's first reads, taking the answers the
 * server wrote into the page (app/route-data.ts, loaded then: a visitor's page, the sign-in page first of
 * all, carries none of the signed-in pages' reads). A visitor without a session reads nothing (the page
 * sends them to sign in, and an answer kept from before would be stale). `renderedForUser`: the server
 * rendered the page for the person signed in (its markup, when it has some, is theirs); `seeded`: the
 * answers are in swr's cache.
 */
export function preloadDataOf(
  routeName: string,
  params: Record<string, string | undefined>,
): { renderedForUser: boolean; seeded: Promise<void> } {
  const ofPage = takeDataBlock<Answers>(ANSWERS_BLOCK_ID);
  const seeded = preloadAuthenticatedUser()
    .then(async (user) => {
      if (!user) return;
      const { startFirstReads } = await import('./route-data.ts');
      await startFirstReads(routeName, params, user, ofPage);
    })
    .catch(() => undefined);
  return { renderedForUser: ofPage !== undefined, seeded };
}
