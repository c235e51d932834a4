import { preload } from 'swr';
import { readAt, readKey } from '../api/client.ts';
import { clientKey, fetchClientView, preloadAuthenticatedUser } from '../api/hooks.ts';
import { isAdminRole, type AuthenticatedUser, type ClientView } from '../api/types.ts';
import { clientListPath } from '../features/clients/api.ts';
import { editingViewKey, fetchEditingView } from '../features/eif/forms/api.ts';
import { storedClientListFilters, type ClientListFilters } from '../state/client-list.ts';

/** A read, and the reads that wait on its answer (a page's next read keyed by the version it answered). */
type Read = { key: string; fetch: (key: string) => Promise<unknown>; then?: (answer: unknown) => Read[] };

/**
 * The reads a route's page makes as soon as it renders, whoever opens it: started with the page's code once
 * the session is known, so the answers arrive beside the code instead of after it. The keys are the pages' own (route-data.unit.test.ts),
 * so each page's hook takes the answer already on its way instead of asking again.
 */
export function firstReadsOf(
  routeName: string,
  params: Record<string, string | undefined>,
  user: Pick<AuthenticatedUser, 'id' | 'role'>,
  filtersOf: (userId: string) => ClientListFilters = storedClientListFilters,
): Read[] {
  const { clientId, policyId, documentId } = params;
  const { role } = user;
  if (routeName === 'homeInternal' && isAdminRole(role))
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
    then: (view) => [
      read(
        readKey('/api/clients/{clientId}/change-log/net-changes', ofClient, {
          minVersion: (view as ClientView).version,
        }),
      ),
    ],
  };
  // The form's statuses and answers come from the editing view (pending changes applied).
  const editing: Read = { key: editingViewKey(clientId), fetch: (key) => fetchEditingView(key, clientId) };
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

function start(reads: Read[]): void {
  for (const { key, fetch, then } of reads)
    preload(key, fetch)
      .then((answer) => then && start(then(answer)))
      .catch(() => undefined);
}

/**
 * Asks who is signed in and, for a signed-in person, starts the route's first reads: a visitor without a
 * session reads nothing (the page sends them to sign in, and an answer kept from before would be stale).
 * A failed read is left to the page's own, which reports it.
 */
export function preloadDataOf(routeName: string, params: Record<string, string | undefined>): void {
  preloadAuthenticatedUser()
    .then((user) => {
      if (user) start(firstReadsOf(routeName, params, user));
    })
    .catch(() => undefined);
}
