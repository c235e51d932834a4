import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiRequest, ensureCsrfCookie } from '../../api/http.ts';
import { clientKey } from '../../api/hooks.ts';
import type { ResponseOf } from '@onboard/api-contract';
import type {
  getEifAtRevision,
  getEifHistory,
  getEifSignatures,
  getNetChanges,
} from '@onboard/query-api/contracts';
import type { ClientView } from '../../api/types.ts';

/** The EIF lifecycle calls (onboarding §4): signing, review of post-sign changes, history, outside signers. */
const base = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

const historyKey = (clientId: string) => `${base(clientId)}/eif/history`;

/** One entity's net change since signing, as the net-changes read model serves it (onboarding §4). */
export type NetChange = ResponseOf<typeof getNetChanges>[number];

const netChangesKey = (clientId: string) => `${base(clientId)}/change-log/net-changes`;

/**
 * The net changes as of at least `version` (the client view's): after a decision the page asks for the
 * version it made, and the server waits for the read model to reach it.
 */
export const netChangesKeyAt = (clientId: string, version: number) =>
  `${netChangesKey(clientId)}?minVersion=${version}`;

export function useNetChanges(clientId: string, version: number | undefined) {
  return useSWR<NetChange[]>(version === undefined ? null : netChangesKeyAt(clientId, version));
}

export type HistoryPage = ResponseOf<typeof getEifHistory>;
export type HistoryEntry = HistoryPage['entries'][number];
export type Difference = ResponseOf<typeof getEifAtRevision>['differences'][number];

export type HistoryPoint = {
  revision: number;
  asOf: string;
  form: ClientView;
  current: ClientView;
  differences: Difference[];
};

/** The history page by page, newest first: each page's cursor is the previous page's `nextBefore`. */
export function useEifHistory(clientId: string) {
  return useSWRInfinite<HistoryPage>(
    (index, previous: HistoryPage | null) => {
      if (index === 0) return historyKey(clientId);
      if (!previous || previous.nextBefore === null) return null;
      return `${historyKey(clientId)}?before=${previous.nextBefore}`;
    },
    { dedupingInterval: 0, revalidateFirstPage: true },
  );
}

export function useHistoryPoint(clientId: string, revision: number | null) {
  return useSWR<HistoryPoint>(revision === null ? null : `${historyKey(clientId)}/${revision}`);
}

export const signEif = (clientId: string) => apiRequest<ClientView>('POST', `${base(clientId)}/eif/sign`);

export const submitChangesForReview = (clientId: string) =>
  apiRequest<ClientView>('POST', `${base(clientId)}/eif/changes/ready-for-review`);

export type ChangeSelection = 'all' | string[];

/** One answer of the form (an attribute of an entity), decided on its own. */
export type AnswerRef = { entity: string; entityId: string; attributeKey: string };

/** What a reviewer decides: whole changes (by id, or all), or answers. */
export type ChangeChoice = { changeIds: ChangeSelection } | { answers: AnswerRef[] };

export const acceptChanges = (clientId: string, choice: ChangeChoice) =>
  apiRequest<ClientView>('POST', `${base(clientId)}/eif/changes/accept`, { body: choice });

export const declineChanges = (clientId: string, choice: ChangeChoice, reason: string) =>
  apiRequest<ClientView>('POST', `${base(clientId)}/eif/changes/decline`, { body: { ...choice, reason } });

/** Who signed which sections, who still has to confirm what, and what the signed-in person is asked. */
export type EifSignatures = ResponseOf<typeof getEifSignatures>;
export type AnswerInWords = EifSignatures['mine'][number];

export const signaturesKey = (clientId: string) => `${base(clientId)}/eif/signatures`;

export function useEifSignatures(clientId: string) {
  return useSWR<EifSignatures>(signaturesKey(clientId));
}

/** Confirms, as a signer, every accepted change of the sections the signed-in person signed. */
export async function confirmSignedChanges(clientId: string): Promise<number> {
  const { confirmed } = await apiRequest<{ confirmed: number }>(
    'POST',
    `${base(clientId)}/eif/confirmations`,
  );
  return confirmed;
}

export const undoIcEdits = (clientId: string) =>
  apiRequest<ClientView>('POST', `${base(clientId)}/undo-ic-edits`);

export type OutsideSignerStep = 'review-&-submit' | 'review-&-submit-updates';

export type OutsideSignerInvite = {
  email: string;
  firstName: string;
  lastName: string;
  stepId: OutsideSignerStep;
  /** The sections (EIF step ids) they attest when signing; every section when left out. */
  sections?: string[];
};

export const inviteOutsideSigner = (clientId: string, invite: OutsideSignerInvite) =>
  apiRequest<{ emailId: string; email: string; stepId: OutsideSignerStep }>(
    'POST',
    `${base(clientId)}/outside-signer`,
    { body: invite },
  );

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

export type EditState =
  'no-edits' | 'changes-accepted' | 'changes-declined-no-new-edits' | 'ready-for-review';

export type OutsideSignerView = {
  signer: { firstName: string; lastName: string; email: string; stepId: OutsideSignerStep };
  client: ClientView;
  /** What the link signs, whether its signer signed already, and what they have to confirm since. */
  signing: { sections: string[]; hasSigned: boolean; toConfirm: AnswerInWords[] };
  editState: EditState;
};

const signerPath = (clientId: string, actionId: string) =>
  `/api/outside-signer/${encodeURIComponent(clientId)}/${encodeURIComponent(actionId)}`;

/** The outside signer has no session: the link's action id is the whole authority. */
export const outsideSignerKey = signerPath;

export function useOutsideSigner(clientId: string, actionId: string) {
  return useSWR<OutsideSignerView>(
    signerPath(clientId, actionId),
    (path: string) => apiRequest<OutsideSignerView>('GET', path, { skipLoginRedirect: true }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** The net changes an outside signer reviews, through the same action id. */
export function useOutsideSignerNetChanges(clientId: string, actionId: string, version: number) {
  return useSWR<NetChange[]>(
    `${signerPath(clientId, actionId)}/net-changes?minVersion=${version}`,
    (path: string) => apiRequest<NetChange[]>('GET', path, { skipLoginRedirect: true }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

export type OutsideSignerAction = 'sign' | 'accept-updates' | 'decline-updates';

/** The outside signer confirms the accepted changes of the sections they signed. */
export async function confirmAsOutsideSigner(clientId: string, actionId: string): Promise<number> {
  await ensureCsrfCookie();
  const { confirmed } = await apiRequest<{ confirmed: number }>(
    'POST',
    `${signerPath(clientId, actionId)}/confirm-changes`,
    { skipLoginRedirect: true },
  );
  return confirmed;
}

export async function actAsOutsideSigner(
  clientId: string,
  actionId: string,
  action: OutsideSignerAction,
  body?: { reason: string } | ChangeChoice | (ChangeChoice & { reason: string }),
) {
  await ensureCsrfCookie();
  return apiRequest<{ client: ClientView }>('POST', `${signerPath(clientId, actionId)}/${action}`, {
    body,
    skipLoginRedirect: true,
  });
}
