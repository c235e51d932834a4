import {
  WrongExpectedRevisionError,
  eifStream,
  loadAggregate,
  parseEvent,
  taskStream,
  type TaskEvent,
} from '@onboard/events';
import { eifCodec, toClientView, type Actor } from '@onboard/domain';
import { foldWith } from '@onboard/domain/decider';
import { tasksDecider, type TaskCommand } from '@onboard/domain/tasks/decider';
import type { CommandDeps } from '../http/context.ts';

/**
 * Schedules what the client's policies call for (the tasks decider keeps what exists), reading the
 * policies and plans from the client's EIF. Answers how many tasks were added, or null when the client
 * has no form. A concurrent scheduling is retried once: the second read sees the first one's tasks.
 */
export async function scheduleClientTasks(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId' | 'role'>,
  clientId: string,
  dueDates: Readonly<Record<string, string | null>>,
  correlationId: string,
): Promise<number | null> {
  const loaded = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream: eifStream(clientId),
    codec: eifCodec,
  });
  const client = toClientView(loaded.state, loaded.revision);
  if (!client) return null;
  const policies = client.policies.map((policy) => ({
    policyId: String(policy.id),
    slfCoverages: Array.isArray(policy.slfCoverages) ? policy.slfCoverages.map(String) : [],
    planBenefitTypes: client.plans
      .filter((plan) => plan.policyId === policy.id)
      .map((plan) => String(plan.benefitType ?? '')),
  }));
  const implementationType = typeof client.implementationType === 'string' ? client.implementationType : null;
  for (let attempt = 0; ; attempt++) {
    const recorded = await deps.store.readStream(taskStream(clientId));
    const state = foldWith(
      tasksDecider,
      recorded.map((r) => parseEvent(r) as TaskEvent),
    );
    const at = deps.now().toISOString();
    const command: TaskCommand = {
      type: 'ScheduleTasks',
      data: { clientId, implementationType, policies, dueDates },
      metadata: { at, by: { userId: actor.userId, role: actor.role } },
    };
    const decision = tasksDecider.decide(command, state);
    if (!decision.ok) throw new Error(decision.error.message);
    if (decision.events.length === 0) return 0;
    const revision = BigInt(recorded.length) - 1n;
    try {
      await deps.store.append(
        taskStream(clientId),
        decision.events.map((event) => ({
          id: deps.newId(),
          type: event.type,
          data: event.data,
          metadata: { actorId: actor.userId, actorRole: actor.role, occurredAt: at, correlationId },
        })),
        revision < 0n ? 'no_stream' : revision,
      );
      return decision.events.length;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt > 0) throw error;
    }
  }
}
