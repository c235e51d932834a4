import { preload } from 'swr';
import { apiGet } from '../api/http.ts';
import { clientKey, fetchClientView, preloadAuthenticatedUser } from '../api/hooks.ts';
import { isAdminRole, type AuthenticatedUser, type ClientView } from '../api/types.ts';
import { clientListPath } from '../features/clients/api.ts';
import { editingViewKey, fetchEditingView } from '../features/eif/forms/api.ts';
import { storedClientListFilters, type ClientListFilters } from '../state/client-list.ts';

/** A read, and the reads that wait on its answer (a page's next read keyed by the version it answered). */
type Read = { key: string; fetch: (key: string) => Promise<unknown>; then?: (answer: unknown) => Read[] };

const clientApi = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

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
    return [clientListPath(filtersOf(user.id)), '/api/users/slfs'].map((key) => ({ key, fetch: apiGet }));
  if (!clientId) return [];
  const read = (path: string): Read => ({ key: `${clientApi(clientId)}${path}`, fetch: apiGet });
  // The net changes are read as of the client view's version, so they follow its answer.
  const client: Read = {
    key: clientKey(clientId),
    fetch: (key) => fetchClientView(key, clientId),
    then: (view) => [read(`/change-log/net-changes?minVersion=${(view as ClientView).version}`)],
  };
  // The form's statuses and answers come from the editing view (pending changes applied).
  const editing: Read = { key: editingViewKey(clientId), fetch: (key) => fetchEditingView(key, clientId) };
  switch (routeName) {
    case 'homeHub':
      // A client's people pass the hub's entry guard first: their setup and welcome flow are read too.
      return [
        ...(isAdminRole(role) ? [] : [read('/setup'), read('/welcome-flow')]),
        client,
        editing,
        read('/tasks'),
        read('/api-jobs'),
      ];
    case 'clientReviewChanges':
      return [client, read('/eif/signatures')];
    case 'eifSubStepDetail':
    case 'eifSubStepPolicyDetail':
      return [read('/tasks'), editing];
    case 'censusValidateReportTab': {
      if (!policyId) return [];
      const census = `/census/${encodeURIComponent(policyId)}`;
      // The report waits for its file's rows with problems too (its first card), so both come at once.
      const rows = documentId ? [read(`${census}/files/${encodeURIComponent(documentId)}/rows`)] : [];
      return [read(`${census}/validate`), ...rows];
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
