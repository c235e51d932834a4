import { hoursToMilliseconds } from 'date-fns';
import { v5 as uuidv5 } from 'uuid';
import {
  ApiJobStatusChanged,
  TaskStatusChanged,
  isFinalApiJobStatus,
  type CheckpointedConsumer,
  type RecordedEvent,
} from '@onboard/events';
import { isTaskId, taskDefinition } from '@onboard/domain/tasks/catalogue';

/** What the reactor asks of the e-mail side (command-api's clientEmails().notifyClient). */
export type ClientNotifier = (notification: {
  kind: 'TASK_NEEDS_ACTION' | 'PUSH_FINISHED';
  clientId: string;
  data: Record<string, string>;
  path: string;
  actor: { userId: string; role: string };
  emailIdFor: (userId: string) => string;
}) => Promise<unknown>;

const CLIENT_NOTIFICATIONS_ACTOR = { userId: 'system:notifications', role: 'SYSTEM' } as const;

// E-mail ids derive from the causing event's id and the recipient, so a batch retried after a crash
// names the same e-mails and none goes out twice.
const NAMESPACE = '3f0c6b2a-9d41-4e85-b7a2-51c8e0d9f6a3';

/** Older news is not worth an e-mail: a reactor reaching old events (a new deployment) stays quiet. */
const NOTIFICATION_MAX_AGE_MS = hoursToMilliseconds(24);

/** How the push ended, in the words of the template's sentence "The push … to the plan system {outcome}." */
const PUSH_OUTCOMES: Record<string, string> = {
  NOT_APPLICABLE: 'was not needed: the plan system had nothing to change',
  COMPLETED: 'completed',
  COMPLETED_WITH_WARNINGS: 'completed with warnings',
  COMPLETED_WITH_ERRORS: 'completed with errors',
  TIMEOUT: 'did not finish in time',
};

function notificationOf(event: RecordedEvent): Parameters<ClientNotifier>[0] | null {
  const emailIdFor = (userId: string) => uuidv5(`${event.id}/${userId}`, NAMESPACE);
  const actor = CLIENT_NOTIFICATIONS_ACTOR;
  if (event.type === 'TaskStatusChanged') {
    const { data } = TaskStatusChanged.parse({ type: event.type, data: event.data });
    if (data.to !== 'NIGO' || !isTaskId(data.taskId)) return null;
    const path = `/task/${encodeURIComponent(data.taskId)}${data.policyId ? `/${encodeURIComponent(data.policyId)}` : ''}`;
    return {
      kind: 'TASK_NEEDS_ACTION',
      clientId: data.clientId,
      data: { taskName: taskDefinition(data.taskId).title, reason: data.reason ?? 'No reason was given.' },
      path,
      actor,
      emailIdFor,
    };
  }
  if (event.type === 'ApiJobStatusChanged') {
    const { data } = ApiJobStatusChanged.parse({ type: event.type, data: event.data });
    if (!isFinalApiJobStatus(data.apiJobStatus)) return null;
    return {
      kind: 'PUSH_FINISHED',
      clientId: data.clientId,
      data: { outcome: PUSH_OUTCOMES[data.apiJobStatus]! },
      path: '',
      actor,
      emailIdFor,
    };
  }
  return null;
}

/**
 * E-mails the client's people when something needs them or concerns them: a task sent back (NIGO) and a
 * push to the plan system that finished. Who receives what is the client's notification rules' call
 * (clientEmails().notifyClient); this only turns events into notifications.
 */
export function clientNotificationsWorker(deps: {
  notify: ClientNotifier;
  now: () => Date;
}): CheckpointedConsumer {
  return {
    name: 'client-notifications',
    filter: { eventTypes: ['TaskStatusChanged', 'ApiJobStatusChanged'] },
    react: async (events) => {
      for (const event of events) {
        const age = deps.now().getTime() - Date.parse(event.metadata.occurredAt);
        if (age > NOTIFICATION_MAX_AGE_MS) continue;
        const notification = notificationOf(event);
        if (notification) await deps.notify(notification);
      }
    },
  };
}
