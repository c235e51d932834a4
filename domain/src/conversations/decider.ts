import type { ConversationEvent, ConversationKind, ConversationSubject } from '@onboard/events';
import type { Actor } from '../auth/actor.ts';
import { accepted, refused, type Command, type Decider, type Intent } from '../decider.ts';
import { mayOnThread } from './access.ts';

/**
 * A thread, `conversation-{threadId}`: started with its first message on one subject of one client,
 * replied to, resolved and reopened, read. Whoever may not read the thread does not find it (NOT_FOUND,
 * so an id tells nothing). Messages and reads only add up, so they are appended at any revision; a
 * resolve or reopen is decided at the revision read, so two people resolving at once do not both count.
 */
export type ConversationState = {
  clientId: string;
  kind: ConversationKind;
  subject: ConversationSubject;
  status: 'OPEN' | 'RESOLVED';
} | null;

/** Who writes, with the people the thread could mention (each may read the thread: the handler reads them). */
type Writer = { writer: Actor; clientId: string };
type Message = {
  messageId: string;
  text: string | null | undefined;
  mentions: readonly string[];
  mentionable: readonly string[];
};

export type ConversationCommand =
  | Command<
      'StartConversation',
      Writer &
        Message & { threadId: string; clientId: string; kind: ConversationKind; subject: ConversationSubject }
    >
  | Command<'PostConversationMessage', Writer & Message & { threadId: string }>
  | Command<'ResolveConversation', Writer & { threadId: string }>
  | Command<'ReopenConversation', Writer & { threadId: string }>
  | Command<'MarkConversationRead', Writer & { threadId: string }>;
export type ConversationIntent = Intent<ConversationCommand>;

export type ConversationError =
  | { code: 'NOT_FOUND' | 'ALREADY_EXISTS' | 'FORBIDDEN'; message: string }
  | { code: 'ALREADY_RESOLVED' | 'NOT_RESOLVED'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

export const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found',
  forbidden: 'You may not start this kind of conversation on this client',
  emptyText: 'Please write a message',
  longText: `A message is at most ${4000} characters`,
  emptyLabel: 'Please say what the conversation is about',
  unknownMention: 'Only people who may see this conversation can be mentioned',
  alreadyResolved: 'This conversation is resolved already',
  notResolved: 'This conversation is open',
} as const;

export const MESSAGE_MAX_LENGTH = 4000;
const LABEL_MAX_LENGTH = 300;

function messageErrors(message: Message): Record<string, string> {
  const errors: Record<string, string> = {};
  const text = (message.text ?? '').trim();
  if (text === '') errors.text = CONVERSATION_MESSAGES.emptyText;
  else if (text.length > MESSAGE_MAX_LENGTH) errors.text = CONVERSATION_MESSAGES.longText;
  if (message.mentions.some((userId) => !message.mentionable.includes(userId)))
    errors.mentions = CONVERSATION_MESSAGES.unknownMention;
  return errors;
}

const invalid = (fields: Record<string, string>) =>
  refused<ConversationError>({ code: 'INVALID', message: Object.values(fields)[0]!, fields });

const notFound = () =>
  refused<ConversationError>({ code: 'NOT_FOUND', message: CONVERSATION_MESSAGES.notFound });

export const conversationDecider: Decider<
  ConversationState,
  ConversationCommand,
  ConversationEvent,
  ConversationError
> = {
  initialState: () => null,
  decide(command, state) {
    const { at } = command.metadata;
    const { writer, threadId } = command.data;
    if (command.type === 'StartConversation') {
      if (state) return refused({ code: 'ALREADY_EXISTS', message: 'This conversation is started already' });
      const { clientId, kind, subject, messageId, mentions } = command.data;
      if (!mayOnThread(writer, { clientId, kind }, 'create'))
        return refused({ code: 'FORBIDDEN', message: CONVERSATION_MESSAGES.forbidden });
      const errors = messageErrors(command.data);
      const label = subject.label.trim();
      if (label === '' || label.length > LABEL_MAX_LENGTH)
        errors['subject.label'] = CONVERSATION_MESSAGES.emptyLabel;
      if (Object.keys(errors).length > 0) return invalid(errors);
      return accepted<ConversationEvent>(
        {
          type: 'ConversationStarted',
          data: { threadId, clientId, kind, subject: { ...subject, label }, startedBy: writer.userId, at },
        },
        {
          type: 'ConversationMessagePosted',
          data: {
            threadId,
            clientId,
            kind,
            subject: { ...subject, label },
            messageId,
            authorId: writer.userId,
            text: (command.data.text ?? '').trim(),
            mentions: [...new Set(mentions)],
            at,
          },
        },
      );
    }
    if (!state || state.clientId !== command.data.clientId || !mayOnThread(writer, state, 'read'))
      return notFound();
    const { clientId, kind, subject } = state;
    switch (command.type) {
      case 'PostConversationMessage': {
        if (!mayOnThread(writer, state, 'create')) return notFound();
        const errors = messageErrors(command.data);
        if (Object.keys(errors).length > 0) return invalid(errors);
        const posted: ConversationEvent = {
          type: 'ConversationMessagePosted',
          data: {
            threadId,
            clientId,
            kind,
            subject,
            messageId: command.data.messageId,
            authorId: writer.userId,
            text: (command.data.text ?? '').trim(),
            mentions: [...new Set(command.data.mentions)],
            at,
          },
        };
        // A reply to a resolved thread takes the question up again.
        return state.status === 'RESOLVED'
          ? accepted<ConversationEvent>(
              { type: 'ConversationReopened', data: { threadId, clientId, kind, by: writer.userId, at } },
              posted,
            )
          : accepted(posted);
      }
      case 'ResolveConversation':
        if (!mayOnThread(writer, state, 'update')) return notFound();
        if (state.status === 'RESOLVED')
          return refused({ code: 'ALREADY_RESOLVED', message: CONVERSATION_MESSAGES.alreadyResolved });
        return accepted({
          type: 'ConversationResolved',
          data: { threadId, clientId, kind, by: writer.userId, at },
        });
      case 'ReopenConversation':
        if (!mayOnThread(writer, state, 'update')) return notFound();
        if (state.status === 'OPEN')
          return refused({ code: 'NOT_RESOLVED', message: CONVERSATION_MESSAGES.notResolved });
        return accepted({
          type: 'ConversationReopened',
          data: { threadId, clientId, kind, by: writer.userId, at },
        });
      case 'MarkConversationRead':
        return accepted({
          type: 'ConversationRead',
          data: { threadId, clientId, userId: writer.userId, at },
        });
      default: {
        const exhaustive: never = command;
        return exhaustive;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ConversationStarted':
        return {
          clientId: event.data.clientId,
          kind: event.data.kind,
          subject: event.data.subject,
          status: 'OPEN',
        };
      case 'ConversationResolved':
        return state && { ...state, status: 'RESOLVED' };
      case 'ConversationReopened':
        return state && { ...state, status: 'OPEN' };
      case 'ConversationMessagePosted':
      case 'ConversationRead':
        return state;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
};
