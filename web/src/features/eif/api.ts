import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { ensureCsrfCookie } from '../../api/http.ts';
import { clientKey } from '../../api/hooks.ts';
import { call, readAt, readKey, useRead, type Body, type Read } from '../../api/client.ts';
import type { ClientView } from '../../api/types.ts';

/** The EIF lifecycle calls (onboarding §4): signing, review of post-sign changes, history, outside signers. */
const base = (clientId: string) => clientKey(clientId);

/** One entity's net change since signing, as the net-changes read model serves it (onboarding §4). */
export type NetChange = Read<'/api/clients/{clientId}/change-log/net-changes'>[number];

/**
 * The net changes as of at least `version` (the client view's): after a decision the page asks for the
 * version it made, and the server waits for the read model to reach it.
 */
export const netChangesKeyAt = (clientId: string, version: number) =>
  readKey('/api/clients/{clientId}/change-log/net-changes', { clientId }, { minVersion: version });

export function useNetChanges(clientId: string, version: number | undefined) {
  return useRead(
    '/api/clients/{clientId}/change-log/net-changes',
    version === undefined ? null : { clientId },
    { minVersion: version },
  );
}

export type HistoryPage = Read<'/api/clients/{clientId}/eif/history'>;
export type HistoryEntry = HistoryPage['entries'][number];
export type HistoryPoint = Read<'/api/clients/{clientId}/eif/history/{revision}'>;
export type Difference = HistoryPoint['differences'][number];
/** A point at which the form existed: the form then and the form now, both read. */
export type FormAtPoint = HistoryPoint & { form: ClientView; current: ClientView };
export const hasForm = (point: HistoryPoint): point is FormAtPoint =>
  point.form !== null && point.current !== null;

/** The history page by page, newest first: each page's cursor is the previous page's `nextBefore`. */
export function useEifHistory(clientId: string) {
  return useSWRInfinite<HistoryPage>(
    (index, previous: HistoryPage | null) => {
      if (index > 0 && (!previous || previous.nextBefore === null)) return null;
      const before = index === 0 || previous?.nextBefore == null ? undefined : String(previous.nextBefore);
      return readKey('/api/clients/{clientId}/eif/history', { clientId }, { before });
    },
    { dedupingInterval: 0, revalidateFirstPage: true },
  );
}

export const useHistoryPoint = (clientId: string, revision: number | null) =>
  useRead(
    '/api/clients/{clientId}/eif/history/{revision}',
    revision === null ? null : { clientId, revision },
  );

export const signEif = (clientId: string) =>
  call('post', '/api/clients/{clientId}/eif/sign', { params: { clientId } });

export const submitChangesForReview = (clientId: string) =>
  call('post', '/api/clients/{clientId}/eif/changes/ready-for-review', { params: { clientId } });

/** What a reviewer decides: whole changes (by id, or all), or answers. */
export type ChangeChoice = Body<'post', '/api/clients/{clientId}/eif/changes/accept'>;
export type ChangeSelection = NonNullable<ChangeChoice['changeIds']>;
/** One answer of the form (an attribute of an entity), decided on its own. */
export type AnswerRef = NonNullable<ChangeChoice['answers']>[number];

export const acceptChanges = (clientId: string, choice: ChangeChoice) =>
  call('post', '/api/clients/{clientId}/eif/changes/accept', { params: { clientId }, body: choice });

export const declineChanges = (clientId: string, choice: ChangeChoice, reason: string) =>
  call('post', '/api/clients/{clientId}/eif/changes/decline', {
    params: { clientId },
    body: { ...choice, reason },
  });

/** Who signed which sections, who still has to confirm what, and what the signed-in person is asked. */
export type EifSignatures = Read<'/api/clients/{clientId}/eif/signatures'>;
export type AnswerInWords = EifSignatures['mine'][number];

export const signaturesKey = (clientId: string) =>
  readKey('/api/clients/{clientId}/eif/signatures', { clientId });

export const useEifSignatures = (clientId: string) =>
  useRead('/api/clients/{clientId}/eif/signatures', { clientId });

/** Confirms, as a signer, every accepted change of the sections the signed-in person signed. */
export async function confirmSignedChanges(clientId: string): Promise<number> {
  const { confirmed } = await call('post', '/api/clients/{clientId}/eif/confirmations', {
    params: { clientId },
  });
  return confirmed;
}

export const undoIcEdits = (clientId: string) =>
  call('post', '/api/clients/{clientId}/undo-ic-edits', { params: { clientId } });

export type OutsideSignerInvite = Body<'post', '/api/clients/{clientId}/outside-signer'>;
export type OutsideSignerStep = NonNullable<OutsideSignerInvite['stepId']>;

export const inviteOutsideSigner = (clientId: string, invite: OutsideSignerInvite) =>
  call('post', '/api/clients/{clientId}/outside-signer', { params: { clientId }, body: invite });

/**
 * After a command, the answer is the new state: put it in the cache at once and refetch what derives
 * from it (change log, history, lists), so every screen of this browser shows the decision.
 */
export function useApplyClientView() {
  const { mutate } = useSWRConfig();
  return async (view: ClientView) => {
    // A write's answer carries no names: keep the ones the last read resolved until the next read.
    await mutate(clientKey(view.id), (old: ClientView | undefined) => ({ people: old?.people, ...view }), {
      revalidate: false,
    });
    await mutate(
      (key) =>
        typeof key === 'string' && (key.startsWith(`${base(view.id)}/`) || key.startsWith('/api/clients?')),
    );
  };
}

export type OutsideSignerView = Read<'/api/outside-signer/{clientId}/{actionId}'>;
export type EditState = OutsideSignerView['editState'];

/** The outside signer has no session: the link's action id is the whole authority. */
export const outsideSignerKey = (clientId: string, actionId: string) =>
  readKey('/api/outside-signer/{clientId}/{actionId}', { clientId, actionId });

const asOutsideSigner = {
  fetcher: (path: string) => readAt(path, { skipLoginRedirect: true }),
  revalidateOnFocus: false,
  shouldRetryOnError: false,
};

export const useOutsideSigner = (clientId: string, actionId: string) =>
  useRead('/api/outside-signer/{clientId}/{actionId}', { clientId, actionId }, {}, asOutsideSigner);

/** The net changes an outside signer reviews, through the same action id. */
export const useOutsideSignerNetChanges = (clientId: string, actionId: string, version: number) =>
  useRead(
    '/api/outside-signer/{clientId}/{actionId}/net-changes',
    { clientId, actionId },
    { minVersion: version },
    asOutsideSigner,
  );

export type OutsideSignerAction = 'sign' | 'accept-updates' | 'decline-updates';

/** The outside signer confirms the accepted changes of the sections they signed. */
export async function confirmAsOutsideSigner(clientId: string, actionId: string): Promise<number> {
  await ensureCsrfCookie();
  const { confirmed } = await call('post', '/api/outside-signer/{clientId}/{actionId}/confirm-changes', {
    params: { clientId, actionId },
    skipLoginRedirect: true,
  });
  return confirmed;
}

export async function actAsOutsideSigner(
  clientId: string,
  actionId: string,
  action: OutsideSignerAction,
  body?: { reason: string } | ChangeChoice | (ChangeChoice & { reason: string }),
) {
  await ensureCsrfCookie();
  return call('post', `/api/outside-signer/{clientId}/{actionId}/${action}`, {
    params: { clientId, actionId },
    body: body as never,
    skipLoginRedirect: true,
  });
}
