import { v5 as uuidv5 } from 'uuid';
import {
  WrongExpectedRevisionError,
  clientStream,
  handleCommand,
  eifStream,
  loadAggregate,
  parseEvent,
  taskStream,
  withRetries,
  type CheckpointedConsumer,
  type ClientLifecycleEvent,
  type EventStore,
  type RecordedEvent,
  type SnapshotStore,
} from '@onboard/events';
import {
  eifCodec,
  eifDecider,
  toClientView,
  type EifCommand,
  foldWith,
  clientLifecycleDecider,
  baseClientIntents,
  policiesForTasks,
  tasksDecider,
} from '@onboard/domain';

export type ClientBaseDeps = { store: EventStore; snapshots?: SnapshotStore; now: () => Date };

const CLIENT_BASE_ACTOR = { userId: 'system:client-base', role: 'SYSTEM' } as const;

// Event ids derive from the lifecycle event's, so a batch retried after a crash writes the same ids.
const NAMESPACE = '8a4c2f1e-6b3d-4e7a-9c51-2d8f0b6e3a94';

/**
 * Makes sure a client that staff created (or whose draft became the base client) has its form and its
 * tasks. The command that created it writes both at once; this finishes the work when that process died
 * between its appends, so a client accepted by the API is never left without its form or tasks. Both
 * steps are idempotent: the form only if it does not exist, the tasks the decider says are missing.
 */
async function ensureBase(deps: ClientBaseDeps, trigger: RecordedEvent) {
  const { clientId } = trigger.data as { clientId: string };
  const lifecycle = foldWith(
    clientLifecycleDecider,
    (await deps.store.readStream(clientStream(clientId))).map((r) => parseEvent(r) as ClientLifecycleEvent),
  );
  if (!lifecycle.exists || lifecycle.draft || lifecycle.deleted) return;
  const metadata = (at: string) => ({
    actorId: CLIENT_BASE_ACTOR.userId,
    actorRole: CLIENT_BASE_ACTOR.role,
    occurredAt: at,
    correlationId: trigger.metadata.correlationId,
    causationId: trigger.id,
  });
  const at = deps.now().toISOString();

  const form = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream: eifStream(clientId),
    codec: eifCodec,
  });
  let state = form.state;
  if (state.status === 'empty') {
    const intents = baseClientIntents(clientId, lifecycle, (i) =>
      uuidv5(`${trigger.id}/form/${i}`, NAMESPACE),
    );
    try {
      const written = await handleCommand(deps.store, eifDecider, {
        stream: eifStream(clientId),
        appendAt: 'no_stream',
        newId: () => {
          throw new Error('every id of the form derives from its cause');
        },
        eventId: (_, i) => uuidv5(`${trigger.id}/form/${i}`, NAMESPACE),
        command: intents.map(
          (intent) => ({ ...intent, metadata: { at, by: CLIENT_BASE_ACTOR } }) as EifCommand,
        ),
        metadata: metadata(at),
      });
      if (!written.ok) throw new Error(`The form of ${clientId}: ${written.error.message}`);
      state = written.after;
    } catch (error) {
      // The command wrote the form meanwhile: it is there, which is all this asks.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      state = (
        await loadAggregate({
          store: deps.store,
          snapshots: deps.snapshots,
          stream: eifStream(clientId),
          codec: eifCodec,
        })
      ).state;
    }
  }
  const client = toClientView(state, 0n);
  if (!client) return;

  // A scheduling at the same moment (the command's own) is a conflict: decide again against what it wrote.
  // After three tries the runner retries the batch from its checkpoint, with backoff.
  await withRetries(
    () =>
      handleCommand(deps.store, tasksDecider, {
        stream: taskStream(clientId),
        newId: () => {
          throw new Error('every id of the tasks derives from its cause');
        },
        eventId: (_, i, { revision }) => uuidv5(`${trigger.id}/tasks/${revision}/${i}`, NAMESPACE),
        command: {
          type: 'ScheduleTasks',
          data: {
            clientId,
            implementationType: lifecycle.profile?.implementationType ?? null,
            policies: policiesForTasks(client),
            startsOn: (lifecycle.createdAt ?? at).slice(0, 10),
          },
          metadata: { at, by: CLIENT_BASE_ACTOR },
        },
        metadata: metadata(at),
      }),
    { attempts: 3, retryOn: (error) => error instanceof WrongExpectedRevisionError },
  );
}

/** The reactor: every created client (not a draft) and every base client made gets its form and tasks. */
export function clientBaseWorker(deps: ClientBaseDeps): CheckpointedConsumer {
  return {
    name: 'client-base',
    filter: { eventTypes: ['ClientCreated', 'BaseClientMade'] },
    react: async (events) => {
      for (const event of events) await ensureBase(deps, event);
    },
  };
}
