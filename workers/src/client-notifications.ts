import { hoursToMilliseconds } from 'date-fns';
import { v5 as uuidv5 } from 'uuid';
import {
  ApiJobStatusChanged,
  ConversationMessagePosted,
  TaskStatusChanged,
  isFinalApiJobStatus,
  type CheckpointedConsumer,
  type RecordedEvent,
} from '@onboard/events';
import { isTaskId, taskDefinition } from '@onboard/domain/tasks/catalogue';
import { CONVERSATION_RESOURCE } from '@onboard/domain/conversations/access';

/** What the reactor asks of the e-mail side (command-api's clientEmails().notifyClient). */
export type ClientNotifier = (notification: {
  kind: 'TASK_NEEDS_ACTION' | 'PUSH_FINISHED' | 'CONVERSATION_MENTION';
  clientId: string;
  data: Record<string, string>;
  path: string;
  actor: { userId: string; role: string };
  emailIdFor: (userId: string) => string;
  /** For these people only, each if the permission table lets them read the resource of the client. */
  named?: {
    userIds: readonly string[];
    resource: (typeof CONVERSATION_RESOURCE)[keyof typeof CONVERSATION_RESOURCE];
  };
  /** Whose name the template gives as the author (the e-mail side reads it). */
  authorId?: string;
}) => Promise<unknown>;

/** How much of a message a mention e-mail quotes. */
const EXCERPT_LENGTH = 280;
const excerpt = (text: string) =>
  text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;

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
  if (event.type === 'ConversationMessagePosted') {
    const { data } = ConversationMessagePosted.parse({ type: event.type, data: event.data });
    // Nobody is told of their own mention.
    const userIds = data.mentions.filter((userId) => userId !== data.authorId);
    if (userIds.length === 0) return null;
    return {
      kind: 'CONVERSATION_MENTION',
      clientId: data.clientId,
      data: { subjectLabel: data.subject.label, excerpt: excerpt(data.text) },
      path: `/conversations/${encodeURIComponent(data.threadId)}`,
      actor,
      emailIdFor,
      named: { userIds, resource: CONVERSATION_RESOURCE[data.kind] },
      authorId: data.authorId,
    };
  }
  return null;
}

/**
 * E-mails the client's people when something needs them or concerns them: a task sent back (NIGO), a
 * push to the plan system that finished, and a mention in a conversation (to the people mentioned). Who receives what is the client's notification rules' call
 * (clientEmails().notifyClient); this only turns events into notifications.
 */
export function clientNotificationsWorker(deps: {
  notify: ClientNotifier;
  now: () => Date;
}): CheckpointedConsumer {
  return {
    name: 'client-notifications',
    filter: { eventTypes: ['TaskStatusChanged', 'ApiJobStatusChanged', 'ConversationMessagePosted'] },
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
