import { preload } from 'swr';
import { cache } from 'swr/_internal';
import { readAt, readKey } from '../api/client.ts';
import { AUTHENTICATED_USER_KEY, clientKey, fetchClientView } from '../api/hooks.ts';
import { isAdminRole, type AuthenticatedUser, type ClientView } from '../api/types.ts';
import { rememberVersion, seenVersion } from '../api/versions.ts';
import { clientListPath } from '../features/clients/api.ts';
import { editingViewKey, fetchEditingView } from '../features/eif/forms/api.ts';
import type { ClientListFilters } from '../state/client-list-cookie.ts';

/**
 * A read, and the reads that wait on its answer (a page's next read keyed by the version it answered);
 * `takes` says whether an answer the server wrote into the page will do, and keeps what the read's own
 * fetch would keep of it.
 */
type Read = {
  key: string;
  fetch: (key: string) => Promise<unknown>;
  then?: (answer: unknown) => Read[];
  takes?: (answer: unknown) => boolean;
};

/**
 * A client's view written into the page will do unless this tab has seen a newer version (a reload right
 * after a save): then it is read again, no older than that one. One that will do is remembered as seen.
 */
const takesViewOf = (clientId: string) => (answer: unknown) => {
  const view = answer as ClientView;
  const seen = seenVersion(clientId);
  if (seen !== null && view.version < seen) return false;
  rememberVersion(view);
  return true;
};

/**
 * The reads a route's page makes as soon as it renders, whoever opens it: started with the page's code once
 * the session is known, so the answers arrive beside the code instead of after it. The keys are the pages' own (route-data.unit.test.ts),
 * so each page's hook takes the answer already on its way instead of asking again. `filtersOf` gives the
 * filters a person's client table opens on (without it, the table reads its own).
 */
export function firstReadsOf(
  routeName: string,
  params: Record<string, string | undefined>,
  user: Pick<AuthenticatedUser, 'id' | 'role'>,
  filtersOf?: (userId: string) => ClientListFilters,
): Read[] {
  const { clientId, policyId, documentId } = params;
  const { role } = user;
  if (routeName === 'homeInternal' && isAdminRole(role) && filtersOf)
    // The staff's client table opens on the filters this browser kept for them, and names the consultants.
    return [clientListPath(filtersOf(user.id)), readKey('/api/users/slfs', {})].map((key) => ({
      key,
      fetch: readAt,
    }));
  if (!clientId) return [];
  const read = (key: string): Read => ({ key, fetch: readAt });
  const ofClient = { clientId };
  // The net changes are read as of the client view's version, so they follow its answer.
  const client: Read = {
    key: clientKey(clientId),
    fetch: (key) => fetchClientView(key, clientId),
    takes: takesViewOf(clientId),
    then: (view) => [
      read(
        readKey('/api/clients/{clientId}/change-log/net-changes', ofClient, {
          minVersion: (view as ClientView).version,
        }),
      ),
    ],
  };
  // The form's statuses and answers come from the editing view (pending changes applied).
  const editing: Read = {
    key: editingViewKey(clientId),
    fetch: (key) => fetchEditingView(key, clientId),
    takes: takesViewOf(clientId),
  };
  switch (routeName) {
    case 'homeHub':
      // A client's people pass the hub's entry guard first: their setup and welcome flow are read too.
      return [
        ...(isAdminRole(role)
          ? []
          : [
              read(readKey('/api/clients/{clientId}/setup', ofClient)),
              read(readKey('/api/clients/{clientId}/welcome-flow', ofClient)),
            ]),
        client,
        editing,
        read(readKey('/api/clients/{clientId}/tasks', ofClient)),
        read(readKey('/api/clients/{clientId}/api-jobs', ofClient)),
      ];
    case 'clientReviewChanges':
      return [client, read(readKey('/api/clients/{clientId}/eif/signatures', ofClient))];
    case 'eifSubStepDetail':
    case 'eifSubStepPolicyDetail':
      return [read(readKey('/api/clients/{clientId}/tasks', ofClient)), editing];
    case 'censusValidateReportTab': {
      if (!policyId) return [];
      // The report waits for its file's rows with problems too (its first card), so both come at once.
      const census = { clientId, policyId };
      const rows = documentId
        ? [
            read(
              readKey('/api/clients/{clientId}/census/{policyId}/files/{documentId}/rows', {
                ...census,
                documentId,
              }),
            ),
          ]
        : [];
      return [read(readKey('/api/clients/{clientId}/census/{policyId}/validate', census)), ...rows];
    }
    default:
      return [];
  }
}

/** The page's first answers by key, as the server wrote them into the page (none: an empty map). */
export type Answers = Record<string, unknown>;

/**
 * An answer the page came with, put in swr's cache before the first render (the page shows it at once, and
 * a page rendered on the server with it hydrates with it: written in place, it is also what swr's
 * hydrating render reads) and given as the read's first fetch (the hook's revalidation on mount takes it
 * instead of asking again).
 */
function seed(key: string, answer: unknown): void {
  cache.set(key, { data: answer });
  void preload(key, () => Promise.resolve(answer));
}

/** Starts each read, or takes its answer from the page when it came with one that will do. */
export function startReads(reads: Read[], answers: Answers): void {
  for (const { key, fetch, then, takes } of reads) {
    const answer = answers[key];
    if (answer !== undefined && (takes?.(answer) ?? true)) {
      seed(key, answer);
      if (then) startReads(then(answer), answers);
    } else
      preload(key, fetch)
        .then((fetched) => then && startReads(then(fetched), answers))
        .catch(() => undefined);
  }
}

/**
 * For a signed-in person, the route's first reads, taking the answers the server wrote into the page
 * (`ofPage`: the page came with answers, so it was rendered on the server for this person, and so is its
 * first render). A failed read is left to the page's own, which reports it.
 */
export async function startFirstReads(
  routeName: string,
  params: Record<string, string | undefined>,
  user: AuthenticatedUser,
  ofPage: Answers | undefined,
): Promise<void> {
  if (ofPage) seed(AUTHENTICATED_USER_KEY, user);
  // The client table's filters, and the code that checks them, load with its page only.
  const filtersOf =
    routeName === 'homeInternal'
      ? (await import('../state/client-list.ts')).storedClientListFilters
      : undefined;
  startReads(firstReadsOf(routeName, params, user, filtersOf), ofPage ?? {});
}
