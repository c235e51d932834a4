import useSWR from 'swr';
import type { SignerSetting } from '../../../domain/src/eif/signing.ts';
import { apiRequest } from './http.ts';
import type { ClientView } from './types.ts';

/** Staff name who signs the EIF (command-api/src/eif/routes.ts, domain/src/eif/signing.ts). */
export const setAuthorizedSigner = (clientId: string, setting: SignerSetting) =>
  apiRequest<ClientView>('PUT', `/api/clients/${encodeURIComponent(clientId)}/eif/authorized-signer`, {
    body: setting,
  });

export type ClientBenAdmin = { id: string; name: string; email: string };

/** The client's benefits administrators, the people staff may name as authorized signer. */
export function useClientBenAdmins(clientId: string | null) {
  return useSWR<ClientBenAdmin[]>(
    clientId ? `/api/users/role/BEN_ADMIN?clientId=${encodeURIComponent(clientId)}` : null,
  );
}
