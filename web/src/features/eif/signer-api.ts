import type { SignerSetting } from '@onboard/domain/web';
import { useApplyClientView } from './api.ts';
import { useReloadEditingView } from './forms/api.ts';
import { call, useRead, type Read } from '../../api/client.ts';
import type { ClientView } from '../../api/types.ts';
import { rememberVersion } from '../../api/versions.ts';

/** Staff name who signs the EIF (command-api/src/eif/routes.ts, domain/src/eif/signing.ts). */
export const setAuthorizedSigner = (clientId: string, setting: SignerSetting) =>
  call('put', '/api/clients/{clientId}/eif/authorized-signer', { params: { clientId }, body: setting });

export type ClientBenAdmin = Read<'/api/users/role/{role}'>[number];

/** The client's benefits administrators, the people staff may name as authorized signer. */
export const useClientBenAdmins = (clientId: string | null) =>
  useRead('/api/users/role/{role}', clientId ? { role: 'BEN_ADMIN' } : null, {
    clientId: clientId ?? undefined,
  });

/**
 * After a lifecycle command (sign, name the signer): the answer is the accepted view; the editing view
 * the EIF layout reads (step list, task status and due date) is reloaded at least at that version, so
 * the page does not keep showing the form as unsigned, nor edit on with a stale version.
 */
export function useApplyLifecycleView() {
  const apply = useApplyClientView();
  const reloadEditing = useReloadEditingView();
  return async (view: ClientView) => {
    rememberVersion(view);
    await apply(view);
    await reloadEditing(view.id);
  };
}
