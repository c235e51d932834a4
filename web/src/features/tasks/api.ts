import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { changeTaskStatus } from '@onboard/command-api/contracts';
import type { listClientTasks } from '@onboard/query-api/contracts';
import { statusPill, type TaskStatus, type DueDateMove } from '@onboard/domain/web';
import { apiRequest } from '../../api/http.ts';

// Answer types from the routes' contracts (query-api and command-api), never written twice.
/** GET /api/clients/{clientId}/tasks. */
export type TaskView = ResponseOf<typeof listClientTasks>[number];
/** The call of a call task. */
export type TaskCall = NonNullable<TaskView['call']>;
/** The task after a change, as the command routes answer it. */
type TaskState = ResponseOf<typeof changeTaskStatus>;

/** A push to the plan system (query-api/src/qps ApiJobView), as the timeline reads it. */
export type PushJob = { id: string; status: string; requestedAt: string; updatedAt: string };

const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;
export const tasksKey = (clientId: string) => `${clientPath(clientId)}/tasks`;

export function useClientTasks(clientId: string) {
  return useSWR<TaskView[]>(tasksKey(clientId));
}

/** Every push of the client to the plan system, newest first. */
export function useClientPushes(clientId: string) {
  return useSWR<{ apiJobs: PushJob[] }>(`${clientPath(clientId)}/api-jobs`);
}

export type ClientAction = 'start' | 'submit' | 'complete';

const taskPath = (clientId: string, taskId: string) =>
  `${clientPath(clientId)}/tasks/${encodeURIComponent(taskId)}`;

export const takeTaskAction = (
  clientId: string,
  taskId: string,
  policyId: string | null,
  action: ClientAction,
) => apiRequest<TaskState>('POST', `${taskPath(clientId, taskId)}/actions/${action}`, { body: { policyId } });

export const setTaskStatus = (
  clientId: string,
  taskId: string,
  policyId: string | null,
  status: TaskStatus,
  reason: string | null,
) =>
  apiRequest<TaskState>('PUT', `${taskPath(clientId, taskId)}/status`, {
    body: { policyId, status, reason },
  });

/**
 * Staff set (or clear) the call of a call task; the browser's zone decides the call's day. `moveOthers`:
 * the person agreed to move the tasks the new day carries along (domain/src/tasks/schedule.ts).
 */
export const setTaskCall = (clientId: string, taskId: string, call: TaskCall | null, moveOthers = false) =>
  apiRequest<TaskState>('PUT', `${taskPath(clientId, taskId)}/call`, {
    body: { policyId: null, call, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, moveOthers },
  });

export const setTaskDueDate = (
  clientId: string,
  taskId: string,
  policyId: string | null,
  dueDate: string | null,
  moveOthers = false,
) =>
  apiRequest<TaskState>('PUT', `${taskPath(clientId, taskId)}/due-date`, {
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
