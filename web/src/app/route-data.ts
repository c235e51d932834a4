import { preload } from 'swr';
import { apiGet } from '../api/http.ts';
import { clientKey, fetchClientView } from '../api/hooks.ts';

type Read = { key: string; fetch: (key: string) => Promise<unknown> };

const clientApi = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

/**
 * The reads a route's page makes as soon as it renders, whoever opens it: started with the page's code so
 * the answers arrive beside it instead of after it. The keys are the pages' own (route-data.unit.test.ts),
 * so each page's hook takes the answer already on its way instead of asking again.
 */
export function firstReadsOf(routeName: string, params: Record<string, string | undefined>): Read[] {
  const { clientId, policyId } = params;
  if (!clientId) return [];
  const client: Read = { key: clientKey(clientId), fetch: (key) => fetchClientView(key, clientId) };
  const read = (path: string): Read => ({ key: `${clientApi(clientId)}${path}`, fetch: apiGet });
  switch (routeName) {
    case 'homeHub':
      return [client, read('/tasks'), read('/api-jobs')];
    case 'clientReviewChanges':
      return [client];
    case 'eifSubStepDetail':
    case 'eifSubStepPolicyDetail':
      return [read('/tasks')];
    case 'censusValidateReportTab':
      return policyId ? [read(`/census/${encodeURIComponent(policyId)}/validate`)] : [];
    default:
      return [];
  }
}

/** Starts the route's first reads; a failure is left to the page's own read, which reports it. */
export function preloadDataOf(routeName: string, params: Record<string, string | undefined>): void {
  for (const { key, fetch } of firstReadsOf(routeName, params)) preload(key, fetch).catch(() => undefined);
}
