import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@onboard/events';
import type { answerChanged, entityCreated } from '@onboard/testing/eif-events';

type Metadata = NewEvent['metadata'];

/** The metadata of an event the benches write: a staff actor, now unless told otherwise. */
export const benchMetadata = (
  occurredAt = new Date(),
  actorId = 'bench',
  correlationId: string = randomUUID(),
): Metadata => ({ actorId, actorRole: 'SLF_ADMIN', occurredAt: occurredAt.toISOString(), correlationId });

/** An EIF event (testing/eif-events.ts) as the benches write it: its own id, the bench's metadata unless told. */
export const benchEvent = (
  event: ReturnType<typeof answerChanged | typeof entityCreated>,
  metadata: Metadata = benchMetadata(),
): NewEvent => ({ id: randomUUID(), ...event, metadata });
