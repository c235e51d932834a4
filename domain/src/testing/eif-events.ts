import type { EifEvent } from '@onboard/events';

/** The form signed by its authorized signer, as the tests' streams record it. */
export const signedBy = (clientId: string, by: { userId: string; role: string }): EifEvent => ({
  type: 'EifSigned',
  data: {
    clientId,
    signerKind: 'AUTHORIZED_SIGNER',
    by,
    outsideSignerActionId: null,
    at: '2026-11-01T10:00:00Z',
  },
});
