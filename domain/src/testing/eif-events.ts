import type { EifEvent } from '@onboard/events';

/** The form (or only the sections named) signed by its authorized signer, as the tests' streams record it. */
export const signedBy = (
  clientId: string,
  by: { userId: string; role: string },
  at = '2026-11-01T10:00:00Z',
  sections?: string[],
): Extract<EifEvent, { type: 'EifSigned' }> => ({
  type: 'EifSigned',
  data: {
    clientId,
    signerKind: 'AUTHORIZED_SIGNER',
    by,
    outsideSignerActionId: null,
    ...(sections ? { sections } : {}),
    at,
  },
});

/** The client entity created, named Acme and with no tax id yet. */
export const clientCreated = (clientId: string): EifEvent => ({
  type: 'EifEntityCreated',
  data: { clientId, entity: 'Client', entityId: clientId, attributes: { name: 'Acme', taxId: null } },
});

/** One answer of the client entity set (where it had none, unless told), pending review when a change is given. */
export const clientAnswerSet = (
  clientId: string,
  attributeKey: string,
  value: string,
  previousValue: string | null = null,
  pending?: { changeId: string; at: string; by: { userId: string; role: string } },
): EifEvent => ({
  type: 'EifEntityChanged',
  data: {
    clientId,
    entity: 'Client',
    entityId: clientId,
    changes: [{ attributeKey, value, previousValue }],
    ...(pending ? { pending } : {}),
  },
});
