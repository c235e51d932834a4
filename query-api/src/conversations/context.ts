import {
  ForbiddenError,
  type Actor,
  CONVERSATION_KIND_LABELS,
  CONVERSATION_STATUS_LABELS,
  CONVERSATION_SUBJECT_LABELS,
  visibleKinds,
} from '@onboard/domain';
import {
  openSealedValues,
  type ConversationKind,
  type ConversationSubjectType,
  type DataKeys,
} from '@onboard/events';
import { resolvePeople } from '@onboard/api-contract/people';
import { type QueryDeps } from '../http/context.ts';

/** What the conversation reads need: the read models and the keys that open the messages. */
export type ConversationReads = Pick<QueryDeps, 'pool' | 'authenticate'> & { keys: DataKeys };

export type ThreadRow = {
  thread_id: string;
  client_id: string;
  client_name: string | null;
  kind: ConversationKind;
  subject_type: ConversationSubjectType;
  subject_key: string;
  subject_label: string;
  status: 'OPEN' | 'RESOLVED';
  started_by: string;
  started_at: Date;
  last_message_at: Date;
  unread: string;
};
type EntryRow = {
  thread_id: string;
  entry_id: string;
  entry: 'message' | 'resolved' | 'reopened';
  author_id: string;
  text: string | null;
  mentions: string[];
  at: Date;
};

// A thread with the client's name and the person's unread messages in it (by others, after their last read).
export const THREADS = `
  select c.*, coalesce(l.name, rc.name) as client_name,
         (select count(*) from rm_conversation_entries e
           where e.thread_id = c.thread_id and e.entry = 'message' and e.author_id <> $1
             and ($2::timestamptz is null or e.at <= $2)
             and e.at > coalesce(p.read_at, '-infinity')
             and (p.took_part or p.mentioned)) as unread
    from rm_conversations c
    left join rm_conversation_people p on p.thread_id = c.thread_id and p.user_id = $1
    left join rm_client_lifecycle l on l.client_id = c.client_id
    left join rm_clients rc on rc.client_id = c.client_id`;

/** The threads as the person reads them: names for ids, their entries opened, the status as of a time. */
export async function threadsOf(
  deps: ConversationReads,
  actor: Actor,
  rows: ThreadRow[],
  asOf: string | null,
  withEntries: boolean,
) {
  const entries = withEntries
    ? await openSealedValues(
        deps.keys,
        (
          await deps.pool.query<EntryRow>(
            `select * from rm_conversation_entries
              where thread_id = any($1) and ($2::timestamptz is null or at <= $2) order by at, entry_id`,
            [rows.map((r) => r.thread_id), asOf],
          )
        ).rows,
      )
    : [];
  const names = new Map<string, Record<string, string>>();
  for (const clientId of new Set(rows.map((r) => r.client_id))) {
    const ids = [
      ...rows.filter((r) => r.client_id === clientId).map((r) => r.started_by),
      ...entries
        .filter((e) => rows.some((r) => r.thread_id === e.thread_id && r.client_id === clientId))
        .flatMap((e) => [e.author_id, ...e.mentions]),
    ];
    names.set(clientId, await resolvePeople(deps.pool, clientId, ids));
  }
  return rows.map((row) => {
    const named = names.get(row.client_id) ?? {};
    const own = entries.filter((e) => e.thread_id === row.thread_id);
    // As of a time, the status is what the last resolve or reopen by then made it.
    const lastStatus = own.filter((e) => e.entry !== 'message').at(-1);
    const status = asOf === null ? row.status : lastStatus?.entry === 'resolved' ? 'RESOLVED' : 'OPEN';
    return {
      threadId: row.thread_id,
      clientId: row.client_id,
      clientName: row.client_name ?? 'A removed client',
      kind: row.kind,
      kindLabel: CONVERSATION_KIND_LABELS[row.kind],
      subject: { type: row.subject_type, key: row.subject_key, label: row.subject_label },
      subjectTypeLabel: CONVERSATION_SUBJECT_LABELS[row.subject_type],
      status,
      statusLabel: CONVERSATION_STATUS_LABELS[status],
      startedBy: named[row.started_by] ?? 'A former user',
      startedAt: row.started_at.toISOString(),
      lastMessageAt: row.last_message_at.toISOString(),
      unread: Number(row.unread),
      entries: own.map((e) => ({
        entryId: e.entry_id,
        entry: e.entry,
        author: named[e.author_id] ?? 'A former user',
        isMine: e.author_id === actor.userId,
        text: e.text,
        mentions: e.mentions.map((id) => named[id] ?? 'A former user'),
        at: e.at.toISOString(),
      })),
    };
  });
}

/** The kinds the person may see on the client; none: 403 (not one of the client's people). */
export function kindsOn(actor: Actor, clientId: string) {
  const kinds = visibleKinds(actor, clientId);
  if (kinds.length === 0) throw new ForbiddenError('Forbidden');
  return kinds;
}
