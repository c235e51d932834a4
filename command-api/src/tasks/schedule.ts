import { taskStream, withRetries } from '@onboard/events';
import { ConflictError, type Actor, tasksDecider, policiesForTasks } from '@onboard/domain';
import { loadClientView } from '../eif/client-view.ts';
import { decideOnStream } from '../http/decide.ts';
import type { CommandDeps } from '../http/context.ts';

/**
 * Schedules what the client's policies call for (the tasks decider keeps what exists, and dates the new
 * ones from `startsOn`, the day the onboarding started), reading the policies and plans from the client's
 * EIF. Answers how many tasks were added, or null when the client
 * has no form. A concurrent scheduling is retried once: the second read sees the first one's tasks.
 */
export async function scheduleClientTasks(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId' | 'role'>,
  clientId: string,
  startsOn: string,
  correlationId: string,
): Promise<number | null> {
  const client = await loadClientView(deps, clientId);
  if (!client) return null;
  const policies = policiesForTasks(client);
  const implementationType = typeof client.implementationType === 'string' ? client.implementationType : null;
  const { events } = await withRetries(
    () =>
      decideOnStream(deps, {
        request: { ifMatch: null, correlationId },
        actor,
        stream: taskStream(clientId),
        decider: tasksDecider,
        build: (_state, metadata) => ({
          type: 'ScheduleTasks' as const,
          data: { clientId, implementationType, policies, startsOn },
          metadata,
        }),
      }),
    { attempts: 2, retryOn: (error) => error instanceof ConflictError },
  );
  return events.length;
}
