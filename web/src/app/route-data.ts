import { preload } from 'swr';
import { apiGet } from '../api/http.ts';
import { clientKey, fetchClientView, preloadAuthenticatedUser } from '../api/hooks.ts';
import { isAdminRole, type AuthenticatedUser } from '../api/types.ts';
import { editingViewKey, fetchEditingView } from '../features/eif/forms/api.ts';

type Read = { key: string; fetch: (key: string) => Promise<unknown> };

const clientApi = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

/**
 * The reads a route's page makes as soon as it renders, whoever opens it: started with the page's code once
 * the session is known, so the answers arrive beside the code instead of after it. The keys are the pages' own (route-data.unit.test.ts),
 * so each page's hook takes the answer already on its way instead of asking again.
 */
export function firstReadsOf(
  routeName: string,
  params: Record<string, string | undefined>,
  role: AuthenticatedUser['role'],
): Read[] {
  const { clientId, policyId, documentId } = params;
  if (!clientId) return [];
  const client: Read = { key: clientKey(clientId), fetch: (key) => fetchClientView(key, clientId) };
  const read = (path: string): Read => ({ key: `${clientApi(clientId)}${path}`, fetch: apiGet });
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
      return [client];
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

/**
 * Asks who is signed in and, for a signed-in person, starts the route's first reads: a visitor without a
 * session reads nothing (the page sends them to sign in, and an answer kept from before would be stale).
 * A failed read is left to the page's own, which reports it.
 */
export function preloadDataOf(routeName: string, params: Record<string, string | undefined>): void {
  preloadAuthenticatedUser()
    .then((user) => {
      if (user)
        for (const { key, fetch } of firstReadsOf(routeName, params, user.role))
          preload(key, fetch).catch(() => undefined);
    })
    .catch(() => undefined);
}
