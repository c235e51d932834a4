import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@onboard/events';
import { answerChanged as changed, entityCreated as created } from '@onboard/testing/eif-events';

type Metadata = NewEvent['metadata'];

/** The metadata of an event the benches write: a staff actor, now unless told otherwise. */
export const benchMetadata = (
  occurredAt = new Date(),
  actorId = 'bench',
  correlationId: string = randomUUID(),
): Metadata => ({ actorId, actorRole: 'SLF_ADMIN', occurredAt: occurredAt.toISOString(), correlationId });

/** An EIF entity created with its attributes. */
export const entityCreated = (
  clientId: string,
  entity: string,
  entityId: string,
  attributes: Record<string, unknown>,
  metadata: Metadata = benchMetadata(),
): NewEvent => ({ id: randomUUID(), ...created(clientId, entity, entityId, attributes), metadata });

/** One answer of an EIF entity changed (from no answer). */
export const answerChanged = (
  clientId: string,
  entity: string,
  entityId: string,
  attributeKey: string,
  value: unknown,
  metadata: Metadata = benchMetadata(),
): NewEvent => ({ id: randomUUID(), ...changed(clientId, entity, entityId, attributeKey, value), metadata });
