import { Router } from 'express';
import {
  ForbiddenError,
  NotFoundError,
  isInternal,
  type Actor,
  CONVERSATION_KIND_LABELS,
  CONVERSATION_STATUS_LABELS,
  CONVERSATION_SUBJECT_LABELS,
  maySeeThread,
  visibleKinds,
  roleLabel,
} from '@onboard/domain';
import {
  openSealedValues,
  type ConversationKind,
  type ConversationSubjectType,
  type DataKeys,
} from '@onboard/events';
import { mount } from '@onboard/api-contract/express';
import { resolvePeople } from '@onboard/api-contract/people';
import { threadPeople } from '@onboard/api-contract/conversations';
import { requireActor, type QueryDeps } from '../http/context.ts';
import {
  getClientConversation,
  listClientConversations,
  listConversationPeople,
  listMyConversations,
} from './routes.contract.ts';

type ThreadRow = {
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
const THREADS = `
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

/**
 * Conversations as the person may see them: a broker or benefits administrator only their own clients'
 * shared threads, staff every thread (internal notes too). `asOf` shows them as they were then (the EIF
 * history's "as of"): started by then, their entries up to then, resolved or open as they were. Messages
 * are kept sealed in the read model and opened here ('erased' once the client's data key is destroyed).
 */
export function conversationQueryRoutes(
  deps: Pick<QueryDeps, 'pool' | 'authenticate'> & { keys: DataKeys },
): Router {
  const router = Router();

  const threadsOf = async (actor: Actor, rows: ThreadRow[], asOf: string | null, withEntries: boolean) => {
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
  };

  /** The kinds the person may see on the client; none: 403 (not one of the client's people). */
  const kindsOn = (actor: Actor, clientId: string) => {
    const kinds = visibleKinds(actor, clientId);
    if (kinds.length === 0) throw new ForbiddenError('Forbidden');
    return kinds;
  };

  mount(router, listClientConversations, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const kinds = kindsOn(actor, clientId);
    const { subjectType, subjectKey, asOf } = input.query();
    const { rows } = await deps.pool.query<ThreadRow>(
      `${THREADS}
        where c.client_id = $3 and c.kind = any($4)
          and ($5::text is null or c.subject_type = $5) and ($6::text is null or c.subject_key = $6)
          and ($2::timestamptz is null or c.started_at <= $2)
        order by c.last_message_at desc, c.thread_id`,
      [actor.userId, asOf ?? null, clientId, kinds, subjectType ?? null, subjectKey ?? null],
    );
    const threads = await threadsOf(actor, rows, asOf ?? null, true);
    res.json({ threads, unread: threads.reduce((sum, t) => sum + t.unread, 0) });
  });

  mount(router, getClientConversation, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const { rows } = await deps.pool.query<ThreadRow>(
      `${THREADS} where c.client_id = $3 and c.thread_id = $4`,
      [actor.userId, null, clientId, String(req.params.threadId)],
    );
    const row = rows[0];
    if (!row || !maySeeThread(actor, { clientId, kind: row.kind }))
      throw new NotFoundError('Conversation not found');
    res.json((await threadsOf(actor, [row], null, true))[0]);
  });

  mount(router, listConversationPeople, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const { kind } = input.query();
    if (!kindsOn(actor, clientId).includes(kind)) throw new ForbiddenError('Forbidden');
    const people = await threadPeople(deps.pool, clientId, kind);
    res.json({
      people: people.map((p) => ({ userId: p.userId, name: p.name, roleLabel: roleLabel(p.role) })),
    });
  });

  mount(router, listMyConversations, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const staff = isInternal(actor);
    const { rows } = await deps.pool.query<ThreadRow>(
      `${THREADS}
        where (p.took_part or p.mentioned)
          and ($3 or (c.client_id = any($4) and c.kind = 'SHARED'))
        order by c.last_message_at desc, c.thread_id
        limit 200`,
      [actor.userId, null, staff, actor.clientIds],
    );
    const visible = rows.filter((row) => maySeeThread(actor, { clientId: row.client_id, kind: row.kind }));
    const threads = (await threadsOf(actor, visible, null, false)).map(({ entries: _, ...thread }) => thread);
    const clients = new Map<string, { clientId: string; clientName: string; unread: number }>();
    for (const t of threads) {
      const entry = clients.get(t.clientId) ?? { clientId: t.clientId, clientName: t.clientName, unread: 0 };
      entry.unread += t.unread;
      clients.set(t.clientId, entry);
    }
    res.json({
      threads,
      clients: [...clients.values()].sort((a, b) => a.clientName.localeCompare(b.clientName)),
    });
  });

  return router;
}
