import useSWR, { useSWRConfig } from 'swr';
import { call, get, readKey, type Body } from '../../../api/client.ts';
import { clientKey } from '../../../api/hooks.ts';
import { rememberVersion, seenVersion } from '../../../api/versions.ts';
import type { ClientView } from '../../../api/types.ts';

/**
 * The EIF form calls (platform §7): every answer is saved against the editing view (pending changes
 * applied) with If-Match, and each call answers the new editing view, which goes straight into the cache.
 */
const CLIENT = '/api/clients/{clientId}';

export const editingViewKey = (clientId: string) => readKey(CLIENT, { clientId }, { view: 'editing' });

/** The editing view: the client as every EIF write answers it, pending changes applied. */
export type EditingView = ClientView;
export type EntityRow = EditingView['contacts'][number];

/**
 * The read model is eventually consistent, so a refetch that races a save can answer an older version
 * than the one the save already put in the cache. The view only ever moves forward: an older answer
 * keeps the newer cached one, or the next save would be refused as a conflict with the user's own edit.
 */
export const newerView = (cached: EditingView | undefined, fetched: EditingView): EditingView =>
  cached && cached.id === fetched.id && cached.version > fetched.version ? cached : fetched;

/** The editing view at `editingViewKey(clientId)`, never older than `cached` nor than a version seen here. */
export async function fetchEditingView(_key: string, clientId: string, cached?: EditingView) {
  const minVersion = seenVersion(clientId) ?? undefined;
  const view = newerView(
    cached,
    (await get(CLIENT, { clientId }, { view: 'editing', minVersion })) as EditingView,
  );
  rememberVersion(view);
  return view;
}

export function useEditingView(clientId: string) {
  const { cache } = useSWRConfig();
  const key = editingViewKey(clientId);
  return useSWR<EditingView>(key, (path: string) =>
    fetchEditingView(path, clientId, cache.get(key)?.data as EditingView | undefined),
  );
}

/**
 * The version the editor saw, sent as Seen-Version: the server refuses a save only when an answer it
 * changes was changed by someone else since (field-aware), so people editing different questions never
 * collide. The refusal names both answers (FieldConflict) for the person to choose.
 */
const ifMatch = (version: number) => ({ 'Seen-Version': String(version) });

/** Every entity write answers the client as its editor sees it (command-api/src/eif-entities). */
const asEditingView = (answer: Promise<unknown>) => answer as Promise<EditingView>;

export const saveClientAnswers = (clientId: string, version: number, answers: Record<string, unknown>) =>
  asEditingView(
    call('put', CLIENT, {
      params: { clientId },
      body: answers as Body<'put', typeof CLIENT>,
      headers: ifMatch(version),
    }),
  );

export const savePolicyAnswers = (
  clientId: string,
  version: number,
  policyId: string,
  answers: Record<string, unknown>,
) =>
  asEditingView(
    call('put', `${CLIENT}/policies/{policyId}`, {
      params: { clientId, policyId },
      body: answers as Body<'put', `${typeof CLIENT}/policies/{policyId}`>,
      headers: ifMatch(version),
    }),
  );

export const savePlanAnswers = (
  clientId: string,
  version: number,
  plans: (Record<string, unknown> & { id: string })[],
) =>
  asEditingView(
    call('put', `${CLIENT}/plans`, { params: { clientId }, body: { plans }, headers: ifMatch(version) }),
  );

/** The collection entities a sub-step lists, by the segment of their calls. */
export const COLLECTION_SEGMENTS = {
  Contact: 'contacts',
  Location: 'locations',
  Subsidiary: 'subsidiaries',
  MonthlyClaimsReportMailingLocation: 'monthly-claims-report-mailing-locations',
  Bill: 'bills',
} as const;
export type CollectionEntity = keyof typeof COLLECTION_SEGMENTS;

/** Creates (no id) or updates one item; bills go through their bulk call. */
export function saveCollectionItem(
  clientId: string,
  version: number,
  entity: CollectionEntity,
  id: string | null,
  attributes: Record<string, unknown>,
) {
  const headers = ifMatch(version);
  if (entity === 'Bill')
    return asEditingView(
      call('put', `${CLIENT}/bills/bulk`, {
        params: { clientId },
        body: { bills: [id ? { id, ...attributes } : attributes] },
        headers,
      }),
    );
  // The item routes name their id parameter by collection; the address is the same shape for each.
  const collection = `${CLIENT}/${COLLECTION_SEGMENTS[entity]}` as `${typeof CLIENT}/contacts`;
  return asEditingView(
    id
      ? call('put', `${collection}/{contactId}`, {
          params: { clientId, contactId: id },
          body: attributes as Body<'put', `${typeof collection}/{contactId}`>,
          headers,
        })
      : call('post', collection, {
          params: { clientId },
          body: attributes as Body<'post', typeof collection>,
          headers,
        }),
  );
}

export function deleteCollectionItem(
  clientId: string,
  version: number,
  entity: CollectionEntity,
  id: string,
) {
  const headers = ifMatch(version);
  if (entity === 'Bill')
    return asEditingView(
      call('delete', `${CLIENT}/bills/bulk`, { params: { clientId }, body: { ids: [id] }, headers }),
    );
  const collection = `${CLIENT}/${COLLECTION_SEGMENTS[entity]}` as `${typeof CLIENT}/contacts`;
  return asEditingView(
    call('delete', `${collection}/{contactId}`, {
      params: { clientId, contactId: id },
      body: undefined,
      headers,
    }),
  );
}

/**
 * Puts a call's answer in the cache: it is the editing view; the accepted view and lists are refetched,
 * since after signing they differ from it.
 */
export function useApplyEditingView() {
  const { mutate } = useSWRConfig();
  return async (view: EditingView) => {
    rememberVersion(view);
    await mutate(editingViewKey(view.id), view, { revalidate: false });
    void mutate(clientKey(view.id));
  };
}

/** Reloads the editing view (after a conflict) and answers it. */
export function useReloadEditingView() {
  const { mutate } = useSWRConfig();
  return (clientId: string) => mutate<EditingView>(editingViewKey(clientId));
}
