import { hoursToMilliseconds } from 'date-fns';
import { v5 as uuidv5 } from 'uuid';
import {
  isFinalApiJobStatus,
  parseEvent,
  type CheckpointedConsumer,
  type RecordedEvent,
} from '@onboard/events';
import {
  isTaskId,
  taskDefinition,
  type RuleKind,
  type RuleRole,
  CONVERSATION_RESOURCE,
  type Resource,
} from '@onboard/domain';

/** What the reactor asks of the e-mail side (command-api's clientEmails().notifyClient). */
export type ClientNotifier = (notification: {
  kind: RuleKind;
  clientId: string;
  data: Record<string, string>;
  path: string;
  rootPath?: string;
  toRoles?: RuleRole[];
  actor: { userId: string; role: string };
  emailIdFor: (userId: string) => string;
  /** For these people only, each if the permission table lets them read the resource of the client. */
  named?: {
    userIds: readonly string[];
    resource: Resource;
  };
  /** Whose name the template gives as the author (the e-mail side reads it). */
  authorId?: string;
}) => Promise<unknown>;

/** What the reactor looks up to name things in words: a census file's name, a person's name. */
export type NotificationNames = {
  censusFileName: (clientId: string, policyId: string, documentId: string) => Promise<string | null>;
  personName: (userId: string) => Promise<string | null>;
  /**
   * The signers an acceptance asks to confirm (eif/signatures.ts): those holding an account whose
   * signed sections it changed, with those sections in words and how many answers it changed in them.
   */
  signersToConfirm: (
    clientId: string,
    acceptedAt: string,
  ) => Promise<{ userIds: string[]; sections: string[]; answers: number }>;
};

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

/** Who signed the form, in the words of "{signedBy} signed the Employer Information Form of …". */
const SIGNED_BY: Record<string, string> = {
  AUTHORIZED_SIGNER: 'The authorized signer',
  BROKER_AS_AUTHORIZED_SIGNER: 'The broker, as authorized signer,',
  OUTSIDE_SIGNER: 'An outside signer',
};

/** The people of the client, whose uploads the carrier hears of (staff's own uploads tell nobody). */
const CLIENT_ROLES = ['BEN_ADMIN', 'BROKER'];
/** A task staff accept: Done from waiting for their review. */
const REVIEW_STATUSES = ['Needs Review', 'In Review'];

const taskPath = (taskId: string, policyId: string | null) =>
  `/task/${encodeURIComponent(taskId)}${policyId ? `/${encodeURIComponent(policyId)}` : ''}`;
/** The short re-sign page of a signer (web route `eifConfirmChanges`). */
const CONFIRM_CHANGES_PATH = '/task/eif-submit-company-information/confirm-changes';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type Notification = Parameters<ClientNotifier>[0];

type ParsedOf<Type extends ReturnType<typeof parseEvent>['type']> = Extract<
  ReturnType<typeof parseEvent>,
  { type: Type }
>;
type NotificationBase = {
  actor: typeof CLIENT_NOTIFICATIONS_ACTOR;
  emailIdFor: (userId: string) => string;
  path: string;
};

/** A task sent back (NIGO) or accepted after review. */
function taskNotification(
  data: ParsedOf<'TaskStatusChanged'>['data'],
  base: NotificationBase,
): Notification | null {
  if (!isTaskId(data.taskId)) return null;
  const task = { ...base, clientId: data.clientId, path: taskPath(data.taskId, data.policyId) };
  const taskName = taskDefinition(data.taskId).title;
  if (data.to === 'NIGO')
    return {
      ...task,
      kind: 'TASK_NEEDS_ACTION',
      data: { taskName, reason: data.reason ?? 'No reason was given.' },
    };
  if (data.to === 'Done' && REVIEW_STATUSES.includes(data.from))
    return { ...task, kind: 'TASK_ACCEPTED', data: { taskName } };
  return null;
}

/** A census file that could not be read, or was read with errors to correct. */
async function censusErrorsNotification(
  parsed: ParsedOf<'CensusValidated' | 'CensusValidationFailed'>,
  base: NotificationBase,
  names: NotificationNames,
): Promise<Notification | null> {
  const { clientId, policyId, documentId } = parsed.data;
  let problem: string;
  if (parsed.type === 'CensusValidationFailed') problem = `could not be read: ${parsed.data.message}`;
  else {
    const counts = (parsed.data.report as { counts?: { ERROR?: number } }).counts;
    const errors = counts?.ERROR ?? 0;
    if (errors === 0) return null;
    problem = `has ${plural(errors, 'error')} to correct`;
  }
  return {
    ...base,
    kind: 'CENSUS_ERRORS',
    clientId,
    path: `${taskPath('enrollment-elections', policyId)}/validation-report/${encodeURIComponent(documentId)}`,
    data: {
      fileName: (await names.censusFileName(clientId, policyId, documentId)) ?? 'the census file',
      problem,
    },
  };
}

async function notificationOf(event: RecordedEvent, names: NotificationNames): Promise<Notification | null> {
  const emailIdFor = (userId: string) => uuidv5(`${event.id}/${userId}`, NAMESPACE);
  const base: NotificationBase = { actor: CLIENT_NOTIFICATIONS_ACTOR, emailIdFor, path: '' };
  const parsed = parseEvent(event);
  switch (parsed.type) {
    case 'TaskStatusChanged':
      return taskNotification(parsed.data, base);
    case 'ApiJobStatusChanged': {
      const { data } = parsed;
      if (!isFinalApiJobStatus(data.apiJobStatus)) return null;
      return {
        ...base,
        kind: 'PUSH_FINISHED',
        clientId: data.clientId,
        data: { outcome: PUSH_OUTCOMES[data.apiJobStatus]! },
      };
    }
    case 'EifSigned':
      return {
        ...base,
        kind: 'EIF_SIGNED',
        clientId: parsed.data.clientId,
        path: '/task/eif-submit-company-information/summary',
        data: { signedBy: SIGNED_BY[parsed.data.signerKind]! },
      };
    case 'EifChangesAccepted': {
      // Only the signers whose sections the accepted changes touched are asked to confirm them.
      const { clientId, at } = parsed.data;
      const asked = await names.signersToConfirm(clientId, at);
      if (asked.userIds.length === 0) return null;
      return {
        ...base,
        kind: 'EIF_CONFIRM_CHANGES',
        clientId,
        path: CONFIRM_CHANGES_PATH,
        data: {
          sections: asked.sections.join(', '),
          count: plural(asked.answers, 'accepted change'),
        },
        named: { userIds: asked.userIds, resource: 'eif' },
      };
    }
    case 'EifChangesMarkedReadyForReview':
      return {
        ...base,
        kind: 'EIF_CHANGES_READY_FOR_REVIEW',
        clientId: parsed.data.clientId,
        rootPath: `/clients/admin/${encodeURIComponent(parsed.data.clientId)}/manage/review`,
        data: {},
      };
    case 'CensusSubmitted': {
      const { clientId, policyId, documentId } = parsed.data;
      return {
        ...base,
        kind: 'CENSUS_SUBMITTED',
        clientId,
        path: taskPath('enrollment-elections', policyId),
        data: { fileName: (await names.censusFileName(clientId, policyId, documentId)) ?? 'a census file' },
      };
    }
    case 'CensusValidated':
    case 'CensusValidationFailed':
      return censusErrorsNotification(parsed, base, names);
    case 'DocumentUploaded': {
      const { data } = parsed;
      if (!CLIENT_ROLES.includes(data.uploadedByRole)) return null;
      return {
        ...base,
        kind: 'CLIENT_DOCUMENT_UPLOADED',
        clientId: data.clientId,
        path: '/documents',
        data: {
          documentName: data.name,
          uploadedBy: (await names.personName(data.uploadedBy)) ?? 'Someone',
        },
      };
    }
    case 'ClientReleaseStatusChanged':
      if (parsed.data.releaseStatus !== 'LIVE') return null;
      return { ...base, kind: 'GO_LIVE', clientId: parsed.data.clientId, data: {} };
    case 'ConversationMessagePosted': {
      const { data } = parsed;
      // Nobody is told of their own mention.
      const userIds = data.mentions.filter((userId) => userId !== data.authorId);
      if (userIds.length === 0) return null;
      return {
        ...base,
        kind: 'CONVERSATION_MENTION',
        clientId: data.clientId,
        data: { subjectLabel: data.subject.label },
        path: `/conversations/${encodeURIComponent(data.threadId)}`,
        named: { userIds, resource: CONVERSATION_RESOURCE[data.kind] },
        authorId: data.authorId,
      };
    }
    default:
      return null;
  }
}

/**
 * E-mails whoever a hand-off concerns: a task sent back (NIGO) or accepted, a push to the plan system that
 * finished, the form signed, post-sign changes ready for review, changes accepted since a signature (to
 * the signers whose sections they touched, to confirm), a census submitted or validated with
 * errors, a document the client uploaded, go-live, and a mention in a conversation (to the people
 * mentioned). Who receives what is the client's notification rules'
 * call (clientEmails().notifyClient); this only turns events into notifications.
 */
export function clientNotificationsWorker(deps: {
  notify: ClientNotifier;
  names: NotificationNames;
  now: () => Date;
}): CheckpointedConsumer {
  return {
    name: 'client-notifications',
    filter: {
      eventTypes: [
        'TaskStatusChanged',
        'ApiJobStatusChanged',
        'EifSigned',
        'EifChangesMarkedReadyForReview',
        'EifChangesAccepted',
        'CensusSubmitted',
        'CensusValidated',
        'CensusValidationFailed',
        'DocumentUploaded',
        'ClientReleaseStatusChanged',
        'ConversationMessagePosted',
      ],
    },
    react: async (events) => {
      for (const event of events) {
        const age = deps.now().getTime() - Date.parse(event.metadata.occurredAt);
        if (age > NOTIFICATION_MAX_AGE_MS) continue;
        const notification = await notificationOf(event, deps.names);
        if (notification) await deps.notify(notification);
      }
    },
  };
}
