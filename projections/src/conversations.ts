import { CONVERSATION_EVENT_TYPES, ConversationEvent, type CheckpointedConsumer } from '@onboard/events';
import { deleteRows } from './reset.ts';

/**
 * Conversations: one row per thread (`rm_conversations`), its entries in order
 * (`rm_conversation_entries`: each message, resolve and reopen, keyed by the event's id, so a replayed
 * batch adds nothing twice), and each person's part in it (`rm_conversation_people`: took part,
 * mentioned, read up to), from which the unread counts and each person's list are read.
 */
export const conversationsProjection: CheckpointedConsumer = {
  name: 'conversations',
  filter: { eventTypes: CONVERSATION_EVENT_TYPES },
  reset: deleteRows('rm_conversation_people', 'rm_conversation_entries', 'rm_conversations'),
  handle: async (events, tx) => {
    for (const recorded of events) {
      const event = ConversationEvent.parse({ type: recorded.type, data: recorded.data });
      const { threadId, clientId } = event.data;
      const person = async (userId: string, part: 'took_part' | 'mentioned' | null, readAt: string | null) =>
        tx.query(
          `insert into rm_conversation_people (thread_id, user_id, client_id, took_part, mentioned, read_at)
           values ($1, $2, $3, $4, $5, $6)
           on conflict (thread_id, user_id) do update
             set took_part = rm_conversation_people.took_part or excluded.took_part,
                 mentioned = rm_conversation_people.mentioned or excluded.mentioned,
                 read_at = greatest(rm_conversation_people.read_at, excluded.read_at)`,
          [threadId, userId, clientId, part === 'took_part', part === 'mentioned', readAt],
        );
      const entry = (entry: string, authorId: string, at: string, text: string | null, mentions: string[]) =>
        tx.query(
          `insert into rm_conversation_entries (thread_id, entry_id, entry, author_id, text, mentions, at)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
          [threadId, recorded.id, entry, authorId, text, mentions, at],
        );
      switch (event.type) {
        case 'ConversationStarted': {
          const { kind, subject, startedBy, at } = event.data;
          await tx.query(
            `insert into rm_conversations (thread_id, client_id, kind, subject_type, subject_key, subject_label,
               status, started_by, started_at, last_message_at)
             values ($1, $2, $3, $4, $5, $6, 'OPEN', $7, $8, $8) on conflict (thread_id) do nothing`,
            [threadId, clientId, kind, subject.type, subject.key, subject.label, startedBy, at],
          );
          break;
        }
        case 'ConversationMessagePosted': {
          const { authorId, text, mentions, at } = event.data;
          await entry('message', authorId, at, text, mentions);
          await tx.query(
            `update rm_conversations set last_message_at = greatest(last_message_at, $2::timestamptz)
              where thread_id = $1`,
            [threadId, at],
          );
          // Writing is reading: what the author wrote is not unread for them.
          await person(authorId, 'took_part', at);
          for (const userId of mentions) if (userId !== authorId) await person(userId, 'mentioned', null);
          break;
        }
        case 'ConversationResolved':
        case 'ConversationReopened': {
          const { by, at } = event.data;
          const isResolved = event.type === 'ConversationResolved';
          await entry(isResolved ? 'resolved' : 'reopened', by, at, null, []);
          await tx.query(
            `update rm_conversations set status = $2, resolved_by = $3, resolved_at = $4 where thread_id = $1`,
            [threadId, isResolved ? 'RESOLVED' : 'OPEN', isResolved ? by : null, isResolved ? at : null],
          );
          await person(by, 'took_part', null);
          break;
        }
        case 'ConversationRead':
          await person(event.data.userId, null, event.data.at);
          break;
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${String(exhaustive)}`);
        }
      }
    }
  },
};
