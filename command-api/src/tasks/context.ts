import { type Request } from 'express';
import { taskStream } from '@onboard/events';
import { AppError, NotFoundError, type Actor, taskKey, tasksDecider, type TaskIntent } from '@onboard/domain';
import { callerOnClient, type CommandDeps } from '../http/context.ts';
import { decideIntent, requestContext, unversioned } from '../http/decide.ts';

/** What every handler of the tasks shares: the dependencies, the caller, a change of one task decided. */
export type TaskCommands = ReturnType<typeof taskCommands>;
/** An intent on one task (of the client, or of one of its policies). */
type OneTaskIntent = Extract<TaskIntent, { data: { taskId: string; policyId: string | null } }>;

export function taskCommands(deps: CommandDeps) {
  /** Decides one intent for the actor on the client's tasks stream and appends its events. */
  const execute = (req: Request, actor: Actor, clientId: string, intent: TaskIntent) =>
    decideIntent(deps, {
      request: requestContext(req, deps.newId),
      actor,
      stream: taskStream(clientId),
      decider: tasksDecider,
      intent,
    });

  /** The caller, who may update the client the path names; `staffOnly`: internal staff only. */
  const callerOn = (req: Request, staffOnly = true) =>
    callerOnClient(deps.authenticate, req, staffOnly ? 'Only internal staff can do this' : undefined);

  /**
   * The caller's change of the task the path names (`staffOnly`: internal staff only), decided; the
   * task after it. The intent is made once the caller is known, so a stranger's bad body is a 401.
   */
  const changeTask = async (
    req: Request,
    intentOf: (on: { clientId: string; taskId: string }) => OneTaskIntent,
    staffOnly = true,
  ) => {
    const { actor, clientId } = await callerOn(req, staffOnly);
    const taskId = String(req.params.taskId);
    const intent = intentOf({ clientId, taskId });
    const { after } = await execute(req, actor, clientId, intent);
    const task = after.tasks.get(taskKey(taskId, intent.data.policyId));
    if (!task) throw new NotFoundError('No such task for this client');
    return task;
  };

  return { deps, callerOn, changeTask };
}

/**
 * A task moved along by another write (a census submitted, a data feed's round): decided like any task
 * change, except that a refusal (a task already past that step) leaves it as it is.
 */
export async function moveTaskAlong(
  deps: CommandDeps,
  req: Request,
  actor: Actor,
  clientId: string,
  intent: TaskIntent,
): Promise<void> {
  try {
    await decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: taskStream(clientId),
      decider: tasksDecider,
      intent,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}
