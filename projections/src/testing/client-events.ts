import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@onboard/events';

/** A staff member's event metadata; one save's events share its correlation id. */
export const staffMetadata = (
  correlationId: string = randomUUID(),
  occurredAt = new Date().toISOString(),
) => ({
  actorId: 'u',
  actorRole: 'SLF_ADMIN',
  occurredAt,
  correlationId,
});

/** The client's own EIF entity created with these answers. */
export const clientCreated = (
  clientId: string,
  attributes: Record<string, unknown>,
  metadata = staffMetadata(),
): NewEvent => ({
  id: randomUUID(),
  type: 'EifEntityCreated',
  data: { clientId, entity: 'Client', entityId: clientId, attributes },
  metadata,
});

/** One answer of the client's own EIF entity changed. */
export const clientAnswerChanged = (
  clientId: string,
  change: { attributeKey: string; value: unknown; previousValue?: unknown },
  metadata = staffMetadata(),
): NewEvent => ({
  id: randomUUID(),
  type: 'EifEntityChanged',
  data: {
    clientId,
    entity: 'Client',
    entityId: clientId,
    changes: [
      { attributeKey: change.attributeKey, value: change.value, previousValue: change.previousValue ?? null },
    ],
  },
  metadata,
});
