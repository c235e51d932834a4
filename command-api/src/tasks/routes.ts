import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import type { CommandDeps } from '../http/context.ts';
import {
  scheduleTaskCall,
  changeTaskDueDate,
  changeTaskStatus,
  scheduleTasks,
  takeTaskAction,
} from './routes.contract.ts';
import { taskCommands } from './context.ts';
import { scheduleAll } from './schedule-tasks.ts';
import { changeStatus } from './status.ts';
import { changeDueDate } from './due-date.ts';
import { takeAction } from './action.ts';
import { scheduleCall } from './call.ts';

/**
 * The onboarding tasks' writes: the tasks of a client are one stream (`tasks-{clientId}`), decided by the
 * tasks decider and appended at the revision read, so two changes at once never overwrite each other.
 */
export function taskCommandRoutes(deps: CommandDeps): Router {
  return routerOf(taskCommands(deps), [
    handle(scheduleTasks, scheduleAll),
    handle(changeTaskStatus, changeStatus),
    handle(changeTaskDueDate, changeDueDate),
    handle(takeTaskAction, takeAction),
    handle(scheduleTaskCall, scheduleCall),
  ]);
}
