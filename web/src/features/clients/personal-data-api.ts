import { apiRequest } from '../../api/http.ts';
import type { ErasureReason } from '@onboard/domain/web';

export type ErasureScope = 'CLIENT' | 'EMPLOYEE';

/** Erases the client's personal data, or one employee's (staff with the owner role). */
export const erasePersonalData = (
  clientId: string,
  body: { scope: ErasureScope; reason: Exclude<ErasureReason, 'RETENTION'>; employeeId?: string },
) =>
  apiRequest<{ scope: ErasureScope; erasedAt: string; keys: number }>(
    'POST',
    `/api/clients/${encodeURIComponent(clientId)}/personal-data/erasure`,
    { body },
  );
