import { randomUUID } from 'node:crypto';
import { eifStream, type EventStore, type ExpectedRevision } from '@onboard/events';

type EifEventOf = { type: string; data: object };

/**
 * Events written straight into a client's form stream, as if a carrier admin (the demo one) had answered
 * meanwhile elsewhere: for a test to set up the form, or to change it behind the back of a screen.
 */
export const appendToEif = (
  store: Pick<EventStore, 'append'>,
  clientId: string,
  events: EifEventOf[],
  expected: ExpectedRevision = 'any',
) =>
  store.append(
    eifStream(clientId),
    events.map((event) => ({
      id: randomUUID(),
      ...event,
      metadata: {
        actorId: 'demo-admin',
        actorRole: 'SLF_ADMIN',
        occurredAt: new Date().toISOString(),
        correlationId: randomUUID(),
      },
    })),
    expected,
  );

/** One answer of one entity of the form changed, from none before. */
export const answerChanged = (
  clientId: string,
  entity: string,
  entityId: string,
  attributeKey: string,
  value: unknown,
): EifEventOf => ({
  type: 'EifEntityChanged',
  data: { clientId, entity, entityId, changes: [{ attributeKey, value, previousValue: null }] },
});

/** An entity of the form created with its first answers (the Client entity begins the form). */
export const entityCreated = (
  clientId: string,
  entity: string,
  entityId: string,
  attributes: Record<string, unknown>,
): EifEventOf => ({
  type: 'EifEntityCreated',
  data: { clientId, entity, entityId, attributes },
});
