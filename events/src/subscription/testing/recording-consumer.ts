import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../store/port.ts';
import { PARTITIONS, type CheckpointedConsumer } from '../checkpointed-runner.ts';

/** A `Counted` event carrying its number `n`, as the runners' tests append them. */
export const countedEvent = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'Counted',
  data: { n },
  metadata: {
    actorId: 'u',
    actorRole: 'SLF_ADMIN',
    occurredAt: new Date().toISOString(),
    correlationId: 'c',
  },
});

/** The table a recording consumer writes: each event applied, by which process, in which order. */
export const SEEN_TABLE = `create table seen (
  id bigserial primary key,
  n int not null,
  stream text not null,
  process text not null default current_setting('application_name'))`;

/**
 * A consumer split into partitions that records every event it applies in `seen` (its number `n`, its
 * stream, the applying connection's application name), then waits `delayMs` before its batch commits.
 */
export const recordingConsumer = (delayMs = 0): CheckpointedConsumer => ({
  name: 'recorded',
  partitions: PARTITIONS,
  filter: { eventTypes: ['Counted'] },
  handle: async (events, tx) => {
    await tx.query('insert into seen (n, stream) select unnest($1::int[]), unnest($2::text[])', [
      events.map((e) => (e.data as { n: number }).n),
      events.map((e) => e.streamName),
    ]);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  },
});
