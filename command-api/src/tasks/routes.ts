import { Router, type Request } from 'express';
import { taskStream } from '@onboard/events';
import {
  ForbiddenError,
  NotFoundError,
  ValidationError,
  isInternal,
  type Actor,
  taskKey,
  tasksDecider,
  type TaskCommand,
  type TaskIntent,
  type TasksState,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { scheduleClientTasks } from './schedule.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';
import {
  scheduleTaskCall,
  changeTaskDueDate,
  changeTaskStatus,
  scheduleTasks,
  takeTaskAction,
} from './routes.contract.ts';

const ACTIONS = ['start', 'submit', 'complete'] as const;

/**
 * The onboarding tasks' writes: the tasks of a client are one stream (`tasks-{clientId}`), decided by the
 * tasks decider and appended at the revision read, so two changes at once never overwrite each other.
 */
export function taskCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

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

  const requireStaff = (actor: Actor) => {
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff can do this');
  };

  mount(router, scheduleTasks, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    requireStaff(actor);
    const correlationId = req.header('x-correlation-id') ?? deps.newId();
    const startsOn = deps.now().toISOString().slice(0, 10);
    const scheduled = await scheduleClientTasks(deps, actor, clientId, startsOn, correlationId);
    if (scheduled === null) throw new NotFoundError('Client not found');
    res.json({ scheduled });
  });

  mount(router, changeTaskStatus, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    requireStaff(actor);
    const { policyId, status, reason } = input.body();
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'ChangeTaskStatus',
      data: { clientId, taskId, policyId, status, reason },
    });
    res.json(answerTask(after, taskId, policyId));
  });

  mount(router, changeTaskDueDate, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    requireStaff(actor);
    const { policyId, dueDate, moveOthers } = input.body();
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'ChangeDueDate',
      data: { clientId, taskId, policyId, dueDate, moveOthers },
    });
    res.json(answerTask(after, taskId, policyId));
  });

  mount(router, takeTaskAction, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    const action = String(req.params.action);
    if (!(ACTIONS as readonly string[]).includes(action))
      throw new ValidationError({ 'params.action': `Choose one of ${ACTIONS.join(', ')}` });
    const { policyId } = input.body();
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'TakeTaskAction',
      data: { clientId, taskId, policyId, action: action as (typeof ACTIONS)[number] },
    });
    res.json(answerTask(after, taskId, policyId));
  });

  mount(router, scheduleTaskCall, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    requireStaff(actor);
    const { policyId, call, timeZone, moveOthers } = input.body();
    let callDay: string | null = null;
    if (call) {
      try {
        // en-CA writes a date as YYYY-MM-DD.
        callDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(call.startsAt));
      } catch {
        throw new ValidationError({ 'body.timeZone': 'Unknown time zone' });
      }
    }
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'ScheduleCall',
      data: {
        clientId,
        taskId,
        policyId,
        call: call
          ? { ...call, startsAt: new Date(call.startsAt).toISOString(), joinUrl: call.joinUrl || null }
          : null,
        callDay,
        moveOthers,
      },
    });
    res.json(answerTask(after, taskId, policyId));
  });

  return router;
}
