import { Router, type Request } from 'express';
import { WrongExpectedRevisionError, parseEvent, taskStream, type TaskEvent } from '@onboard/events';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  isInternal,
  type Actor,
} from '@onboard/domain';
import { foldWith } from '@onboard/domain/decider';
import {
  taskKey,
  tasksDecider,
  type TaskCommand,
  type TaskIntent,
  type TasksState,
} from '@onboard/domain/tasks/decider';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { scheduleClientTasks } from './schedule.ts';
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

  const load = async (clientId: string) => {
    const recorded = await deps.store.readStream(taskStream(clientId));
    const state = foldWith(
      tasksDecider,
      recorded.map((r) => parseEvent(r) as TaskEvent),
    );
    return { state, revision: BigInt(recorded.length) - 1n };
  };

  /** Decides one intent for the actor and appends its events; answers the state after them. */
  const execute = async (req: Request, actor: Actor, clientId: string, intent: TaskIntent) => {
    const { state, revision } = await load(clientId);
    const metadata = { at: deps.now().toISOString(), by: { userId: actor.userId, role: actor.role } };
    const decision = tasksDecider.decide({ ...intent, metadata } as TaskCommand, state);
    if (!decision.ok) {
      const { error } = decision;
      if (error.code === 'NOT_FOUND') throw new NotFoundError(error.message);
      if (error.code === 'INVALID')
        throw new ValidationError(
          Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [`body.${key}`, message])),
        );
      // A status change the rules do not allow is a bad request naming the rule (issue: task status).
      throw new AppError(400, error.code, error.message);
    }
    if (decision.events.length > 0) {
      const correlationId = req.header('x-correlation-id') ?? deps.newId();
      try {
        await deps.store.append(
          taskStream(clientId),
          decision.events.map((event) => ({
            id: deps.newId(),
            type: event.type,
            data: event.data,
            metadata: {
              actorId: actor.userId,
              actorRole: actor.role,
              occurredAt: metadata.at,
              correlationId,
            },
          })),
          revision < 0n ? 'no_stream' : revision,
        );
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
        throw error;
      }
    }
    return {
      before: state,
      after: decision.events.reduce(tasksDecider.evolve, state),
      events: decision.events,
    };
  };

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
    const scheduled = await scheduleClientTasks(deps, actor, clientId, {}, correlationId);
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
    const { policyId, dueDate } = input.body();
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'ChangeDueDate',
      data: { clientId, taskId, policyId, dueDate },
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
    const { policyId, call, timeZone } = input.body();
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
      },
    });
    res.json(answerTask(after, taskId, policyId));
  });

  return router;
}
