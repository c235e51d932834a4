import { useSWRConfig } from 'swr';
import { statusPill, type TaskStatus, type DueDateMove } from '@onboard/domain/web';
import { call, readKey, useRead, type Answer, type Read } from '../../api/client.ts';

/** GET /api/clients/{clientId}/tasks. */
export type TaskView = Read<'/api/clients/{clientId}/tasks'>[number];
/** The call of a call task. */
export type TaskCall = NonNullable<TaskView['call']>;
/** The task after a change, as the command routes answer it. */
type TaskState = Answer<'put', '/api/clients/{clientId}/tasks/{taskId}/status'>;

/** A push to the plan system, as the timeline reads it. */
export type PushJob = Read<'/api/clients/{clientId}/api-jobs'>['apiJobs'][number];

export const tasksKey = (clientId: string) => readKey('/api/clients/{clientId}/tasks', { clientId });

export const useClientTasks = (clientId: string) => useRead('/api/clients/{clientId}/tasks', { clientId });

/** Every push of the client to the plan system, newest first. */
export const useClientPushes = (clientId: string) =>
  useRead('/api/clients/{clientId}/api-jobs', { clientId });

export type ClientAction = 'start' | 'submit' | 'complete';

export const takeTaskAction = (
  clientId: string,
  taskId: string,
  policyId: string | null,
  action: ClientAction,
) =>
  call('post', '/api/clients/{clientId}/tasks/{taskId}/actions/{action}', {
    params: { clientId, taskId, action },
    body: { policyId },
  });

export const setTaskStatus = (
  clientId: string,
  taskId: string,
  policyId: string | null,
  status: TaskStatus,
  reason: string | null,
) =>
  call('put', '/api/clients/{clientId}/tasks/{taskId}/status', {
    params: { clientId, taskId },
    body: { policyId, status, reason },
  });

/**
 * Staff set (or clear) the call of a call task; the browser's zone decides the call's day. `moveOthers`:
 * the person agreed to move the tasks the new day carries along (domain/src/tasks/schedule.ts).
 */
export const setTaskCall = (
  clientId: string,
  taskId: string,
  taskCall: TaskCall | null,
  moveOthers = false,
) =>
  call('put', '/api/clients/{clientId}/tasks/{taskId}/call', {
    params: { clientId, taskId },
    body: {
      policyId: null,
      call: taskCall,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      moveOthers,
    },
  });

export const setTaskDueDate = (
  clientId: string,
  taskId: string,
  policyId: string | null,
  dueDate: string | null,
  moveOthers = false,
) =>
  call('put', '/api/clients/{clientId}/tasks/{taskId}/due-date', {
    params: { clientId, taskId },
    body: { policyId, dueDate, moveOthers },
  });

/** The other tasks a due date carried along: the list takes their new dates at once, then is read again. */
export function useApplyMoves(clientId: string) {
  const { mutate } = useSWRConfig();
  return async (moves: readonly DueDateMove[]) => {
    const key = tasksKey(clientId);
    await mutate<TaskView[]>(
      key,
      (tasks) =>
        tasks?.map((task) => {
          const move = moves.find((m) => m.taskId === task.taskId && m.policyId === task.policyId);
          return move ? { ...task, dueDate: move.to } : task;
        }),
      { revalidate: false },
    );
    setTimeout(() => void mutate(key), 800);
  };
}

/**
 * After a change the command answers the task as it now is; the list (an eventually consistent read
 * model) takes that answer at once and is read again a moment later.
 */
export function useApplyTask(clientId: string) {
  const { mutate } = useSWRConfig();
  return async (changed: TaskState) => {
    const key = tasksKey(clientId);
    await mutate<TaskView[]>(
      key,
      (tasks) =>
        tasks?.map((task) =>
          task.taskId === changed.taskId && task.policyId === changed.policyId
            ? {
                ...task,
                ...changed,
                pill: statusPill(changed.status),
                doneAt: changed.status === 'Done' ? changed.statusUpdatedAt : null,
              }
            : task,
        ),
      { revalidate: false },
    );
    setTimeout(() => void mutate(key), 800);
  };
}
