import { call, type Body } from '../../api/client.ts';

type ErasureBody = Body<'post', '/api/clients/{clientId}/personal-data/erasure'>;
export type ErasureScope = ErasureBody['scope'];

/** Erases the client's personal data, or one employee's (staff with the owner role). */
export const erasePersonalData = (clientId: string, body: ErasureBody) =>
  call('post', '/api/clients/{clientId}/personal-data/erasure', { params: { clientId }, body });
