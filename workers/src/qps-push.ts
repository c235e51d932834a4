import { v5 as uuidv5 } from 'uuid';
import {
  ApiJobStatusChanged,
  PlanDesignPushRequested,
  apiJobStream,
  eifStream,
  handleCommand,
  isFinalApiJobStatus,
  loadAggregate,
  WrongExpectedRevisionError,
  type ApiJobStatus,
  type CheckpointedConsumer,
  type EventStore,
  type RecordedEvent,
  type SnapshotStore,
} from '@onboard/events';
import { eifCodec, planDesignFromState, type PlanDesign, pushJobDecider } from '@onboard/domain';

export type PlanSystemAnswer = { status: Exclude<ApiJobStatus, 'IN_PROGRESS'>; reasons: string[] };

/** The carrier's plan system behind a port: the built-in simulator by default (platform/src/qps/). */
export type PlanSystemConnector = { push: (design: PlanDesign) => Promise<PlanSystemAnswer> };

export type QpsPushDeps = {
  store: EventStore;
  snapshots?: SnapshotStore;
  connector: PlanSystemConnector;
  /** A push that has not answered after this long is recorded as TIMEOUT. */
  timeoutMs: number;
  now: () => Date;
};

export const QPS_PUSH_ACTOR = { actorId: 'system:qps-push', actorRole: 'SYSTEM' } as const;

// The final event's id derives from the request's, so a batch retried after a crash appends the same id
// again, which the store treats as a no-op.
const FINAL_STATUS_NAMESPACE = '2d0f7f3e-8a51-4a3c-9a7e-5c1b8e44d0a7';

function withTimeout(work: Promise<PlanSystemAnswer>, ms: number): Promise<PlanSystemAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PlanSystemAnswer>((done) => {
    timer = setTimeout(
      () => done({ status: 'TIMEOUT', reasons: [`The plan system did not answer within ${ms / 1000} s`] }),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function ask(deps: QpsPushDeps, clientId: string): Promise<PlanSystemAnswer> {
  const { state } = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream: eifStream(clientId),
    codec: eifCodec,
  });
  const design = planDesignFromState(state);
  if (!design)
    return { status: 'COMPLETED_WITH_ERRORS', reasons: ['The client has no employer information form'] };
  try {
    return await withTimeout(deps.connector.push(design), deps.timeoutMs);
  } catch (error) {
    // A connector failure is an outcome of the job, not a reason to block every later push.
    return {
      status: 'COMPLETED_WITH_ERRORS',
      reasons: [`The plan system failed: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
}

/** True once the job's stream holds a final status: a re-delivered request is then a no-op. */
function hasFinalStatus(events: readonly RecordedEvent[]) {
  return events.some(
    (e) =>
      e.type === 'ApiJobStatusChanged' &&
      isFinalApiJobStatus(ApiJobStatusChanged.shape.data.parse(e.data).apiJobStatus),
  );
}

async function pushOne(deps: QpsPushDeps, request: RecordedEvent) {
  const { data } = PlanDesignPushRequested.parse({ type: request.type, data: request.data });
  const stream = apiJobStream(data.apiJobId);
  const before = await deps.store.readStream(stream);
  if (hasFinalStatus(before)) return;
  const answer = await ask(deps, data.clientId);
  const at = deps.now().toISOString();
  try {
    // Recorded only while the job has no final status (another runner may have answered meanwhile).
    await handleCommand(deps.store, pushJobDecider, {
      stream,
      // The final status's id derives from the request, so the same answer recorded twice is one event.
      newId: () => uuidv5(request.id, FINAL_STATUS_NAMESPACE),
      command: {
        type: 'FinishPlanDesignPush',
        data: ApiJobStatusChanged.shape.data.parse({
          apiJobId: data.apiJobId,
          clientId: data.clientId,
          apiJobStatus: answer.status,
          reasons: answer.reasons,
        }),
        metadata: { at, by: { userId: QPS_PUSH_ACTOR.actorId, role: QPS_PUSH_ACTOR.actorRole } },
      },
      metadata: {
        ...QPS_PUSH_ACTOR,
        occurredAt: at,
        correlationId: request.metadata.correlationId,
        causationId: request.id,
      },
    });
  } catch (error) {
    // Another runner (after a lock hand-over) finished the job meanwhile: its answer stands.
    if (error instanceof WrongExpectedRevisionError && hasFinalStatus(await deps.store.readStream(stream)))
      return;
    throw error;
  }
}

/**
 * The push reactor: for each PlanDesignPushRequested, loads the client's EIF, asks the plan system (with
 * a time limit) and records the final ApiJobStatusChanged with the reasons; the bus publisher then
 * announces it as QPS_PUSH_STATUS. The jobs of one batch run side by side so one slow push does not
 * hold up the others beyond the time limit.
 */
export function qpsPushWorker(deps: QpsPushDeps): CheckpointedConsumer {
  return {
    name: 'qps-push',
    filter: { eventTypes: ['PlanDesignPushRequested'] },
    react: async (events) => {
      await Promise.all(
        events.filter((e) => e.type === 'PlanDesignPushRequested').map((e) => pushOne(deps, e)),
      );
    },
  };
}
