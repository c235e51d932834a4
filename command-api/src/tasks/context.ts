import { type Request } from 'express';
import { taskStream } from '@onboard/events';
import {
  ForbiddenError,
  NotFoundError,
  isInternal,
  type Actor,
  taskKey,
  tasksDecider,
  type TaskCommand,
  type TaskIntent,
  type TasksState,
} from '@onboard/domain';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';

/** What every handler of the tasks shares: the dependencies, the caller, a task command decided, the task after it. */
export type TaskCommands = ReturnType<typeof taskCommands>;

export function taskCommands(deps: CommandDeps) {
  /** Decides one intent for the actor on the client's tasks stream and appends its events. */
  const execute = (req: Request, actor: Actor, clientId: string, intent: TaskIntent) =>
    decideOnStream(deps, {
      request: requestContext(req, deps.newId),
      actor,
      stream: taskStream(clientId),
      decider: tasksDecider,
      build: (_state, metadata) => ({ ...intent, metadata }) as TaskCommand,
    });

  const answerTask = (state: TasksState, taskId: string, policyId: string | null) => {
    const task = state.tasks.get(taskKey(taskId, policyId));
    if (!task) throw new NotFoundError('No such task for this client');
    return task;
  };

  /** The caller, who may update the client the path names; `staffOnly`: internal staff only. */
  const callerOn = async (req: Request, staffOnly = true) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    if (staffOnly && !isInternal(actor)) throw new ForbiddenError('Only internal staff can do this');
    return { actor, clientId };
  };

  return { deps, execute, answerTask, callerOn };
}
