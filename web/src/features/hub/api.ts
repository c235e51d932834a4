import useSWR, { useSWRConfig } from 'swr';
import { statusPill, type PillTone, type TaskStatus } from '@onboard/domain/tasks/status';
import { apiRequest } from '../../api/http.ts';

/** GET /api/clients/{clientId}/tasks (query-api/src/tasks/routes.contract.ts TaskView). */
export type TaskView = {
  taskId: string;
  policyId: string | null;
  level: 'client' | 'policy';
  title: string;
  asks: string;
  owner: 'client' | 'carrier';
  completion: 'client' | 'review';
  status: TaskStatus;
  pill: { label: string; tone: PillTone };
  dueDate: string | null;
  statusUpdatedAt: string;
  doneAt: string | null;
  reason: string | null;
};

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

/** The task after a change, as the command routes answer it. */
type TaskState = Pick<TaskView, 'taskId' | 'policyId' | 'status' | 'dueDate' | 'statusUpdatedAt' | 'reason'>;

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

export const setTaskDueDate = (
  clientId: string,
  taskId: string,
  policyId: string | null,
  dueDate: string | null,
) => apiRequest<TaskState>('PUT', `${taskPath(clientId, taskId)}/due-date`, { body: { policyId, dueDate } });

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
