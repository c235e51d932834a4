import { completeFormRounds, type CompletingEdit } from '@onboard/domain/testing';
import type { StatusView } from '@onboard/domain';
import type { ApiResponse } from './http-client.ts';

/** What the helper needs of an API client (platform testing/http-client.ts). */
type Api = {
  get: (path: string) => Promise<ApiResponse>;
  put: (path: string, body: unknown, headers?: Record<string, string>) => Promise<ApiResponse>;
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse>;
};

/** The item routes of the EIF entity calls (command-api eif-entities) by entity. */
const ITEM_PATHS: Partial<Record<string, string>> = {
  Location: 'locations',
  Contact: 'contacts',
  Subsidiary: 'subsidiaries',
  MonthlyClaimsReportMailingLocation: 'monthly-claims-report-mailing-locations',
};

async function write(api: Api, base: string, edit: CompletingEdit): Promise<ApiResponse> {
  const id = encodeURIComponent(edit.entityId ?? '');
  if (edit.entity === 'Client') return api.put(base, edit.values);
  if (edit.entity === 'Policy') return api.put(`${base}/policies/${id}`, edit.values);
  if (edit.entity === 'Plan')
    return api.put(`${base}/plans`, { plans: [{ id: edit.entityId, ...edit.values }] });
  if (edit.entity === 'Bill')
    return api.put(`${base}/bills/bulk`, {
      bills: [edit.action === 'create' ? edit.values : { id: edit.entityId, ...edit.values }],
    });
  const path = ITEM_PATHS[edit.entity];
  if (!path) throw new Error(`No form route edits ${edit.entity}`);
  return edit.action === 'create'
    ? api.post(`${base}/${path}`, edit.values)
    : api.put(`${base}/${path}/${id}`, edit.values);
}

/**
 * Answers every required question of a client's EIF over HTTP, the way tests that sign need it: the
 * answers come from the form definitions (domain testing/complete-form.ts), written through the same
 * calls the forms use. Answers the editing view once nothing required is missing.
 */
export async function answerEveryRequiredQuestion(api: Api, clientId: string): Promise<StatusView> {
  const base = `/api/clients/${encodeURIComponent(clientId)}`;
  const start = await api.get(`${base}?view=editing`);
  if (start.status !== 200) throw new Error(`Reading the form answered ${start.status}`);
  return completeFormRounds(start.body as StatusView, async (edits) => {
    let last: ApiResponse | null = null;
    for (const edit of edits) {
      const res = await write(api, base, edit);
      if (res.status !== 200 && res.status !== 201)
        throw new Error(`Answering ${edit.entity} ${JSON.stringify(edit.values)}: ${res.status} ${res.text}`);
      last = res;
    }
    return (last?.body ?? start.body) as StatusView;
  });
}
