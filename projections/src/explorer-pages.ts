import type { CheckpointedConsumer, ProjectionTx, RecordedEvent } from '@onboard/events';
import {
  EXPLORER_EVENT_TYPES,
  ExplorerEvent,
  SUPPORT_CHAT_EVENT_TYPES,
  SupportChatMessagePosted,
  SupportChatStarted,
} from '@onboard/events/catalogue/explorer';
import { evolveExplorerSite, type ExplorerSite, type ExplorerSiteState } from '@onboard/domain';
import { deleteRows } from './reset.ts';

/**
 * One row per Explorer site with everything its public page needs (site, plans, document metadata,
 * branding, renewal links) in `page`, folded with the decider's own evolve so the row cannot drift from
 * the aggregate. GET /api/explorer-pages/{id or slug} is then one indexed read. Flags that depend on the
 * clock (isLive) are computed by the reader, never stored: a stored one would go stale without an event.
 */
const CHAT_TYPES: readonly string[] = SUPPORT_CHAT_EVENT_TYPES;

/** Chat rows are keyed by their own ids, so a replayed event is a no-op. */
async function projectChat(recorded: RecordedEvent, tx: ProjectionTx) {
  if (recorded.type === 'SupportChatStarted') {
    const { data } = SupportChatStarted.parse({ type: recorded.type, data: recorded.data });
    await tx.query(
      `insert into rm_explorer_support_conversations
         (conversation_id, explorer_page_id, department, language, started_at)
       values ($1, $2, $3, $4, $5) on conflict (conversation_id) do nothing`,
      [data.conversationId, data.explorerPageId, data.department, data.language, data.at],
    );
    return;
  }
  const { data } = SupportChatMessagePosted.parse({ type: recorded.type, data: recorded.data });
  await tx.query(
    `insert into rm_explorer_support_messages (message_id, conversation_id, author, author_id, text, at)
     values ($1, $2, $3, $4, $5, $6) on conflict (message_id) do nothing`,
    [data.messageId, data.conversationId, data.author, data.authorId, data.text, data.at],
  );
  await tx.query(
    `update rm_explorer_support_conversations set last_message_at = greatest(last_message_at, $2::timestamptz)
     where conversation_id = $1`,
    [data.conversationId, data.at],
  );
}

// The store holds the events before the DomainEvent union knows them, so they are parsed here with the
// explorer's own union.
const parse = (recorded: RecordedEvent): ExplorerEvent =>
  ExplorerEvent.parse({ type: recorded.type, data: recorded.data });

type Doc = { state: ExplorerSiteState; version: bigint; createdAt: string; updatedAt: string };

export const explorerPagesProjection: CheckpointedConsumer = {
  name: 'explorer-pages',
  filter: { eventTypes: [...EXPLORER_EVENT_TYPES, ...SUPPORT_CHAT_EVENT_TYPES] },
  reset: deleteRows('rm_explorer_pages', 'rm_explorer_support_conversations', 'rm_explorer_support_messages'),
  handle: async (all, tx) => {
    for (const recorded of all) if (CHAT_TYPES.includes(recorded.type)) await projectChat(recorded, tx);
    const events = all.filter((recorded) => !CHAT_TYPES.includes(recorded.type));
    const parsed = events.map((recorded) => ({ recorded, event: parse(recorded) }));
    const ids = [...new Set(parsed.map((p) => p.event.data.explorerPageId))];
    const { rows } = await tx.query<{
      explorer_page_id: string;
      page: ExplorerSite;
      is_deleted: boolean;
      version: string;
      created_at: string;
      updated_at: string;
    }>(
      `select explorer_page_id, page, is_deleted, version::text,
         to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at
       from rm_explorer_pages where explorer_page_id = any($1)`,
      [ids],
    );
    const docs = new Map<string, Doc>(
      rows.map((r) => [
        r.explorer_page_id,
        {
          state: r.is_deleted ? { status: 'deleted', page: r.page } : { status: 'active', page: r.page },
          version: BigInt(r.version),
          createdAt: r.created_at,
          updatedAt: r.updated_at,
        },
      ]),
    );
    const touched = new Set<string>();
    for (const { recorded, event } of parsed) {
      const id = event.data.explorerPageId;
      const doc = docs.get(id);
      // Already applied (the checkpoint and the rows commit together, so this only guards a replay).
      if (doc && doc.version >= recorded.revision) continue;
      const at = recorded.metadata.occurredAt;
      const state = evolveExplorerSite(doc?.state ?? { status: 'none' }, event);
      if (state.status === 'none') continue;
      docs.set(id, { state, version: recorded.revision, createdAt: doc?.createdAt ?? at, updatedAt: at });
      touched.add(id);
    }
    for (const id of touched) {
      const { state, version, createdAt, updatedAt } = docs.get(id)!;
      if (state.status === 'none') continue;
      const { page } = state;
      await tx.query(
        `insert into rm_explorer_pages (explorer_page_id, client_id, page_owner, vanity_slug, name, starts_at,
           page, is_deleted, version, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (explorer_page_id) do update set client_id = excluded.client_id,
           page_owner = excluded.page_owner, vanity_slug = excluded.vanity_slug, name = excluded.name,
           starts_at = excluded.starts_at, page = excluded.page, is_deleted = excluded.is_deleted,
           version = excluded.version, updated_at = excluded.updated_at`,
        [
          id,
          page.clientId,
          page.pageOwner,
          page.site.vanitySlug,
          page.site.name,
          page.site.startsAt,
          JSON.stringify(page),
          state.status === 'deleted',
          version.toString(),
          createdAt,
          updatedAt,
        ],
      );
    }
  },
};
