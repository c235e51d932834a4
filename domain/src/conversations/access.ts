import type { ConversationKind, ConversationSubjectType } from '@onboard/events';
import type { Actor } from '../auth/actor.ts';
import { authorize, type Action, type Resource } from '../auth/permissions.ts';

/**
 * Who may see and write in a thread is the permission table's answer for the thread's kind: a shared
 * thread is the `conversations` resource (the client's brokers and benefits administrators, and staff),
 * an internal note the `internal-notes` resource (staff only). One rule serves reading a thread, writing
 * in it and being @mentioned in it: a person is mentioned only where they may read.
 */
export const CONVERSATION_RESOURCE: Record<ConversationKind, Resource> = {
  SHARED: 'conversations',
  INTERNAL: 'internal-notes',
};

export const CONVERSATION_KIND_LABELS: Record<ConversationKind, string> = {
  SHARED: 'Conversation',
  INTERNAL: 'Internal note (staff only)',
};

export const mayOnThread = (
  actor: Actor,
  thread: { clientId: string; kind: ConversationKind },
  action: Extract<Action, 'read' | 'create' | 'update'>,
) => authorize(actor, CONVERSATION_RESOURCE[thread.kind], action, { clientId: thread.clientId }).allowed;

export const maySeeThread = (actor: Actor, thread: { clientId: string; kind: ConversationKind }) =>
  mayOnThread(actor, thread, 'read');

/** The kinds of thread this person may read on the client. */
export const visibleKinds = (actor: Actor, clientId: string): ConversationKind[] =>
  (['SHARED', 'INTERNAL'] as const).filter((kind) => maySeeThread(actor, { clientId, kind }));

export const CONVERSATION_SUBJECT_LABELS: Record<ConversationSubjectType, string> = {
  ANSWER: 'EIF answer',
  CLASS: 'Employee class',
  CENSUS_ROW: 'Census row',
  TASK: 'Task',
};

export const CONVERSATION_STATUS_LABELS = { OPEN: 'Open', RESOLVED: 'Resolved' } as const;
