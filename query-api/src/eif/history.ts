import { Router } from 'express';
import { clientViewAnswer } from '@onboard/api-contract/views';
import type pg from 'pg';
import {
  eifStream,
  loadAggregate,
  type EifEvent,
  type EventStore,
  type SnapshotStore,
} from '@onboard/events';
import {
  ForbiddenError,
  NotFoundError,
  ValidationError,
  diffForms,
  eifCodec,
  fold,
  fromDocument,
  stateOfSnapshot,
  isInternal,
  toClientView,
  toEditingView,
  type EifState,
  type EifStateDocument,
  EVENT_KIND_LABELS,
  actorLabel,
  describeEventInWords,
} from '@onboard/domain';
import type { Request } from 'express';
import { mount } from '@onboard/api-contract/express';
import { resolvePeople, withPeople } from '@onboard/api-contract/people';
import { requireActor, type Authenticate } from '../http/context.ts';
import { getEifAtRevision, getEifHistory } from './routes.contract.ts';

export type HistoryDeps = {
  store: EventStore;
  snapshots?: SnapshotStore;
  authenticate: Authenticate;
  pool: pg.Pool;
};

type HistoryRow = {
  revision: string;
  entry: string;
  at: Date;
  actor_id: string;
  actor_role: string;
  type: string;
  event: EifEvent;
};

type Now = { state: EifState; version: bigint };

async function readNow(pool: pg.Pool, clientId: string): Promise<Now | null> {
  const { rows } = await pool.query<{ state: EifStateDocument; version: string }>(
    'select state, version from rm_clients where client_id = $1',
    [clientId],
  );
  const row = rows[0];
  return row ? { state: fromDocument(row.state), version: BigInt(row.version) } : null;
}

/**
 * The form as it stood after `revision`, from the history read model: the snapshot at or below it, then
 * at most 99 events. Null when the read model has not reached that revision yet.
 */
async function formAtRevision(
  pool: pg.Pool,
  clientId: string,
  revision: bigint,
): Promise<{ state: EifState; at: string } | null> {
  const { rows: snaps } = await pool.query<{ revision: string; state: EifStateDocument }>(
    `select revision, state from rm_eif_history_snapshots where client_id = $1 and revision <= $2
      order by revision desc limit 1`,
    [clientId, revision.toString()],
  );
  const from = snaps[0] ? BigInt(snaps[0].revision) + 1n : 0n;
  const { rows } = await pool.query<{ revision: string; at: Date; event: EifEvent }>(
    `select revision, at, event from rm_eif_history where client_id = $1 and revision >= $2 and revision <= $3
      order by revision`,
    [clientId, (from > revision ? revision : from).toString(), revision.toString()],
  );
  const atRow = rows[rows.length - 1];
  if (!atRow || BigInt(atRow.revision) !== revision) return null;
  const base = stateOfSnapshot(snaps[0]?.state);
  const tail = rows.filter((row) => BigInt(row.revision) >= from).map((row) => row.event);
  return { state: fold(tail, base), at: atRow.at.toISOString() };
}

/**
 * EIF history replay for staff: the timeline of the client's EIF, newest first and paged, one entry per
 * save (the events of one request) worded with the forms' labels and the people's names; and the whole
 * form at any revision with its difference from now, from the history read model's snapshots.
 */
export function eifHistoryRoutes(deps: HistoryDeps): Router {
  const router = Router();

  const staffOnly = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('The EIF history is for internal staff');
    return String(req.params.clientId);
  };

  mount(router, getEifHistory, async (req, res, input) => {
    const clientId = await staffOnly(req);
    const query = input.query();
    const { limit } = query;
    const before = query.before === undefined || query.before === '' ? null : Number(query.before);
    if (before !== null && !Number.isInteger(before))
      throw new ValidationError({ 'query.before': 'Use the cursor the previous page gave' });
    const now = await readNow(deps.pool, clientId);
    if (!now) throw new NotFoundError('Client not found');
    const [{ rows }, { rows: totals }] = await Promise.all([
      deps.pool.query<HistoryRow>(
        `with page as (
           select distinct entry from rm_eif_history
            where client_id = $1 and ($2::bigint is null or entry < $2::bigint)
            order by entry desc limit $3)
         select h.revision, h.entry, h.at, h.actor_id, h.actor_role, h.type, h.event
           from rm_eif_history h join page using (entry)
          where h.client_id = $1
          order by h.revision`,
        [clientId, before, limit + 1],
      ),
      deps.pool.query<{ total: string }>(
        'select count(distinct entry) as total from rm_eif_history where client_id = $1',
        [clientId],
      ),
    ]);
    const grouped = new Map<string, HistoryRow[]>();
    for (const row of rows) grouped.set(row.entry, [...(grouped.get(row.entry) ?? []), row]);
    const entries = [...grouped.values()].reverse();
    const hasMore = entries.length > limit;
    const page = entries.slice(0, limit);
    const view = toEditingView(now.state, now.version) ?? undefined;
    const people = await resolvePeople(
      deps.pool,
      clientId,
      page.map((events) => events[0]!.actor_id),
    );
    res.json({
      entries: page.map((events) => {
        const first = events[0]!;
        const last = events[events.length - 1]!;
        const actor = { userId: first.actor_id, role: first.actor_role };
        const lines = events.flatMap((row) => describeEventInWords(row.event, view));
        const kinds = [...new Set(events.map((row) => row.type))];
        return {
          revision: Number(last.revision),
          firstRevision: Number(first.revision),
          type: first.type,
          kinds: kinds.map((kind) => EVENT_KIND_LABELS[kind] ?? 'Changed'),
          at: last.at.toISOString(),
          actor,
          who: actorLabel(actor, people),
          summary: lines.join('; '),
          lines,
        };
      }),
      total: Number(totals[0]?.total ?? 0),
      pageSize: limit,
      nextBefore: hasMore ? Number(page[page.length - 1]![0]!.entry) : null,
    });
  });

  mount(router, getEifAtRevision, async (req, res) => {
    const clientId = await staffOnly(req);
    const now = await readNow(deps.pool, clientId);
    if (!now) throw new NotFoundError('Client not found');
    const revision = Number(req.params.revision);
    if (!Number.isInteger(revision) || revision < 0 || BigInt(revision) > now.version) {
      throw new ValidationError({ 'params.revision': `Choose a revision from 0 to ${now.version}` });
    }
    // The read model answers; a revision it has not reached yet is folded from the stream.
    const then =
      (await formAtRevision(deps.pool, clientId, BigInt(revision))) ??
      (await fromStream(deps, clientId, BigInt(revision)));
    const form = toClientView(then.state, BigInt(revision));
    const current = toClientView(now.state, now.version);
    res.json({
      revision,
      asOf: then.at,
      form: form && clientViewAnswer(await withPeople(deps.pool, form)),
      current: current && clientViewAnswer(await withPeople(deps.pool, current)),
      differences: diffForms(then.state, now.state),
    });
  });

  return router;
}

async function fromStream(deps: HistoryDeps, clientId: string, revision: bigint) {
  const stream = eifStream(clientId);
  const then = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream,
    codec: eifCodec,
    upTo: revision,
  });
  const [atRevision] = await deps.store.readStream(stream, { fromRevision: revision, maxCount: 1 });
  return { state: then.state, at: atRevision!.metadata.occurredAt };
}
