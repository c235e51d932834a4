import type { DomainEvent } from '@onboard/events';
import { accepted, onceDecider, refused, type Command, type Decider, type Intent } from '../decider.ts';

type Event<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

/**
 * The Explorer's public writes (explorer §3, §7): a visitor's lead, the built-in support chat, the
 * single use of a human check, and a site's hold on its vanity slug. Each is its own small stream.
 */
export type VisitorError = { code: 'NOT_FOUND' | 'ALREADY_EXISTS' | 'TAKEN'; message: string };
const refuse = (code: VisitorError['code'], message: string) => refused<VisitorError>({ code, message });

/** `explorerlead-{leadId}`: a lead is sent once. */
export type LeadCommand = Command<'SubmitLead', Event<'LeadSubmitted'>['data']>;
export const leadDecider = onceDecider<LeadCommand, Event<'LeadSubmitted'>, VisitorError>(
  (command) => ({ type: 'LeadSubmitted', data: command.data }),
  { code: 'ALREADY_EXISTS', message: 'This lead is sent already' },
);

/** `explorerhumancheck-{nonce}`: a human check's answer counts once. */
export type HumanCheckCommand = Command<'UseHumanCheck', { nonce: string; purpose: string }>;
export const humanCheckDecider = onceDecider<HumanCheckCommand, Event<'HumanCheckUsed'>, VisitorError>(
  (command) => ({ type: 'HumanCheckUsed', data: { ...command.data, at: command.metadata.at } }),
  { code: 'ALREADY_EXISTS', message: 'This check is used already' },
);

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** `explorerchat-{conversationId}`: the page it was started on, and its client; messages only add up. */
export type SupportChatState = { explorerPageId: string; clientId?: string } | null;
type SupportChatEvent = Event<'SupportChatStarted'> | Event<'SupportChatMessagePosted'>;
export type SupportChatCommand =
  | Command<
      'StartSupportChat',
      {
        conversationId: string;
        explorerPageId: string;
        clientId: string;
        department: string;
        language: string;
      }
    >
  | Command<
      'PostSupportMessage',
      {
        conversationId: string;
        /** The page the message is written from: a conversation is only found from its own page. */
        explorerPageId: string;
        messageId: string;
        /** Staff answer as the agent; everyone else writes as the visitor. */
        agentId: string | null;
        text: string;
      }
    >;
export type SupportChatIntent = Intent<SupportChatCommand>;

export const supportChatDecider: Decider<
  SupportChatState,
  SupportChatCommand,
  SupportChatEvent,
  VisitorError
> = {
  initialState: () => null,
  decide(command, state) {
    const { at } = command.metadata;
    if (command.type === 'StartSupportChat') {
      if (state) return refuse('ALREADY_EXISTS', 'This conversation is started already');
      return accepted({ type: 'SupportChatStarted', data: { ...command.data, at } });
    }
    const { conversationId, explorerPageId, messageId, agentId, text } = command.data;
    if (state?.explorerPageId !== explorerPageId) return refuse('NOT_FOUND', CONVERSATION_NOT_FOUND);
    return accepted({
      type: 'SupportChatMessagePosted',
      data: {
        conversationId,
        ...(state.clientId === undefined ? {} : { clientId: state.clientId }),
        messageId,
        author: agentId === null ? 'visitor' : 'agent',
        authorId: agentId,
        text: text.trim(),
        at,
      },
    });
  },
  evolve: (state, event) =>
    event.type === 'SupportChatStarted'
      ? {
          explorerPageId: event.data.explorerPageId,
          ...(event.data.clientId === undefined ? {} : { clientId: event.data.clientId }),
        }
      : state,
};

/**
 * `explorerslug-{slug}`: which site holds the vanity slug. A site reserving the slug it holds changes
 * nothing; another site's is taken; a released slug may be reserved again. Only the holder releases it.
 */
export type SlugCommand =
  | Command<'ReserveSlug', { slug: string; explorerPageId: string }>
  | Command<'ReleaseSlug', { slug: string; explorerPageId: string }>;
type SlugEvent = Event<'ExplorerSlugReserved'> | Event<'ExplorerSlugReleased'>;
export const slugDecider: Decider<{ holder: string | null }, SlugCommand, SlugEvent, VisitorError> = {
  initialState: () => ({ holder: null }),
  decide(command, { holder }) {
    const { explorerPageId } = command.data;
    if (command.type === 'ReserveSlug') {
      if (holder === explorerPageId) return accepted();
      if (holder !== null) return refuse('TAKEN', 'This vanity URL is held by another site');
      return accepted({ type: 'ExplorerSlugReserved', data: command.data });
    }
    return holder === explorerPageId
      ? accepted({ type: 'ExplorerSlugReleased', data: command.data })
      : accepted();
  },
  evolve: (_, event) => ({
    holder: event.type === 'ExplorerSlugReserved' ? event.data.explorerPageId : null,
  }),
};
