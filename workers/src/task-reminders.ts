import { v5 as uuidv5 } from 'uuid';
import {
  isTaskId,
  taskDefinition,
  reminderAudience,
  remindersDue,
  type ReminderPolicy,
  isTaskStatus,
} from '@onboard/domain';
import type { ClientNotifier } from './client-notifications.ts';

/** A task not finished that has a due date, as the tasks read model has it. */
export type DatedTask = {
  clientId: string;
  taskId: string;
  /** '' for a client-level task. */
  policyId: string;
  status: string;
  /** YYYY-MM-DD */
  dueDate: string;
};

const REMINDERS_ACTOR = { userId: 'system:task-reminders', role: 'SYSTEM' } as const;

// Each reminder's e-mail id derives from the task, its due date, the occasion and the recipient: a run
// repeated (by this process or another that took the job over) names the same e-mails, and an occasion is
// sent once; a due date moved gives the task new occasions.
const NAMESPACE = '8c1d7e52-4b9a-4f0e-a6d3-2e9f5b7c1a40';

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The day's reminders (domain/src/tasks/reminders.ts): each task's owner before the due date, on the day
 * and past due (then weekly), the client's people by the client's rules or the implementation
 * consultant for the carrier's own tasks and tasks waiting for review; the consultant once a task is past
 * due by more than the escalation time. Returns how many notifications were handed over.
 */
export async function sendTaskReminders(deps: {
  tasks: DatedTask[];
  today: string;
  policy: ReminderPolicy;
  notify: ClientNotifier;
}): Promise<number> {
  let sent = 0;
  for (const task of deps.tasks) {
    if (!isTaskId(task.taskId) || !isTaskStatus(task.status)) continue;
    const definition = taskDefinition(task.taskId);
    const audience = reminderAudience(definition.owner, task.status);
    if (!audience) continue;
    const path = `/task/${encodeURIComponent(task.taskId)}${task.policyId ? `/${encodeURIComponent(task.policyId)}` : ''}`;
    for (const occasion of remindersDue(task.dueDate, deps.today, deps.policy)) {
      const key = [task.clientId, task.taskId, task.policyId, task.dueDate, occasion.kind, occasion.on].join(
        '/',
      );
      await deps.notify({
        kind: occasion.kind,
        clientId: task.clientId,
        path,
        // The escalation goes where its rule says (the consultant by default); a reminder to the task's owner.
        ...(occasion.kind === 'TASK_ESCALATED' || audience === 'client' ? {} : { toRoles: ['CONSULTANT'] }),
        data: {
          taskName: definition.title,
          dueDate: longDate(task.dueDate),
          days: String(deps.policy.escalateAfterWorkingDays),
        },
        actor: REMINDERS_ACTOR,
        emailIdFor: (userId) => uuidv5(`${key}/${userId}`, NAMESPACE),
      });
      sent += 1;
    }
  }
  return sent;
}
