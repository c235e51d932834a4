import {
  PARTITIONS,
  EIF_EVENT_TYPES,
  parseEvent,
  type CheckpointedConsumer,
  type ParsedEvent,
  type ProjectionTx,
  type RecordedEvent,
} from '@onboard/events';
import {
  changedAttributes,
  decideRecords,
  netChanges,
  type ChangeRecord,
  type EntityEdit,
} from '@onboard/domain';
import { deleteRows } from './reset.ts';

/**
 * The net changes of each client's form since signing (onboarding §4 "Net-change rules", applied by the
 * domain's own `netChanges`): per entity, what its post-sign change records amount to, one row per
 * attribute. The hub, the review page and the outside signer read these instead of folding change
 * records in the browser.
 *
 * Only edits made after signing have records here (they carry a pending stamp; earlier edits applied
 * directly and are the signed form itself). Each entity keeps its records in rm_net_change_sources, so
 * an edit or a decision recomputes that entity alone. A batch loads a client's entities once, folds every
 * event of the batch in memory and writes the entities it touched. Every EIF event moves the client's
 * version (its stream revision, as the client view's), so a reader can wait for the one a decision made.
 */
type Source = {
  entity: string;
  entityId: string;
  firstPosition: { commit: string; prepare: string };
  records: ChangeRecord[];
};

type SourceRow = {
  entity: string;
  entity_id: string;
  first_position_commit: string;
  first_position_prepare: string;
  records: ChangeRecord[];
};

const keyOf = (entity: string, entityId: string) => `${entity}:${entityId}`;

type Decision = Extract<
  ParsedEvent,
  { type: 'EifChangesAccepted' | 'EifChangesDeclined' | 'EifIcEditsUndone' }
>;

/** The change record of an edit made after signing. */
function changeRecordOf(
  event: EntityEdit,
  pending: NonNullable<EntityEdit['data']['pending']>,
): ChangeRecord {
  const { entity, entityId } = event.data;
  // The same shape the change-log read model serves (projections/src/change-log.ts).
  const details = changedAttributes(event);
  return {
    id: pending.changeId,
    action:
      event.type === 'EifEntityCreated' ? 'create' : event.type === 'EifEntityChanged' ? 'update' : 'delete',
    entity,
    entityId,
    createdAt: pending.at,
    createdByUser: { id: pending.by.userId, role: pending.by.role },
    status: 'pending',
    changeDetails: details.map((d) => ({
      attributeKey: d.attributeKey,
      value: d.value ?? null,
      previousValue: d.previousValue ?? null,
      status: 'pending',
      createdAt: pending.at,
    })),
  };
}

/** A batch's clients' entities in memory: loaded once per client, folded, and the touched ones written. */
class NetChangeBatch {
  private readonly clients = new Map<string, Map<string, Source>>();
  private readonly dirty = new Map<string, Set<string>>();

  constructor(private readonly tx: ProjectionTx) {}

  async edit(recorded: RecordedEvent, event: EntityEdit): Promise<void> {
    const pending = event.data.pending;
    if (!pending) return;
    const { clientId, entity, entityId } = event.data;
    const sources = await this.load(clientId);
    const key = keyOf(entity, entityId);
    let source = sources.get(key);
    if (!source) {
      source = {
        entity,
        entityId,
        firstPosition: {
          commit: recorded.position.commit.toString(),
          prepare: recorded.position.prepare.toString(),
        },
        records: [],
      };
      sources.set(key, source);
    }
    source.records.push(changeRecordOf(event, pending));
    this.dirty.get(clientId)!.add(key);
  }

  async decide(event: Decision): Promise<void> {
    // Undone edits are withdrawn, which the change records show as declined. A decision by the
    // answer settles those answers of a change; its other answers stay pending.
    const decision = {
      status: event.type === 'EifChangesAccepted' ? ('accepted' as const) : ('declined' as const),
      changeIds: event.data.changeIds,
      answers: 'answers' in event.data ? event.data.answers : undefined,
    };
    const sources = await this.load(event.data.clientId);
    for (const [key, source] of sources) {
      const records = decideRecords(source.records, decision);
      if (records.every((record, n) => record === source.records[n])) continue;
      source.records = records;
      this.dirty.get(event.data.clientId)!.add(key);
    }
  }

  async write(): Promise<void> {
    for (const [clientId, keys] of this.dirty) {
      const sources = this.clients.get(clientId)!;
      for (const key of keys) await write(this.tx, clientId, sources.get(key)!);
    }
  }

  private async load(clientId: string): Promise<Map<string, Source>> {
    let sources = this.clients.get(clientId);
    if (sources) return sources;
    const { rows } = await this.tx.query<SourceRow>(
      `select entity, entity_id, first_position_commit, first_position_prepare, records
         from rm_net_change_sources where client_id = $1`,
      [clientId],
    );
    sources = new Map(
      rows.map((row) => [
        keyOf(row.entity, row.entity_id),
        {
          entity: row.entity,
          entityId: row.entity_id,
          firstPosition: { commit: row.first_position_commit, prepare: row.first_position_prepare },
          records: row.records,
        },
      ]),
    );
    this.clients.set(clientId, sources);
    this.dirty.set(clientId, new Set());
    return sources;
  }
}

/** Moves each client's version to the newest revision of theirs the batch saw. */
async function writeVersions(tx: ProjectionTx, versions: ReadonlyMap<string, bigint>): Promise<void> {
  if (versions.size === 0) return;
  await tx.query(
    `insert into rm_net_change_versions (client_id, version)
     select * from unnest($1::text[], $2::bigint[])
     on conflict (client_id) do update set version = greatest(rm_net_change_versions.version, excluded.version)`,
    [[...versions.keys()], [...versions.values()].map(String)],
  );
}

export const netChangesProjection: CheckpointedConsumer = {
  name: 'net-changes',
  // Rows per client: split by client across the processes.
  partitions: PARTITIONS,
  filter: { eventTypes: EIF_EVENT_TYPES },
  reset: deleteRows('rm_net_changes', 'rm_net_change_sources', 'rm_net_change_versions'),
  handle: async (events, tx) => {
    const batch = new NetChangeBatch(tx);
    const versions = new Map<string, bigint>();
    for (const recorded of events) {
      const event = parseEvent(recorded);
      if ('clientId' in event.data && typeof event.data.clientId === 'string')
        versions.set(event.data.clientId, recorded.revision);
      switch (event.type) {
        case 'EifEntityCreated':
        case 'EifEntityChanged':
        case 'EifEntityDeleted':
          await batch.edit(recorded, event);
          break;
        case 'EifChangesAccepted':
        case 'EifChangesDeclined':
        case 'EifIcEditsUndone':
          await batch.decide(event);
          break;
        default:
          break;
      }
    }
    await batch.write();
    await writeVersions(tx, versions);
  },
};

async function write(tx: ProjectionTx, clientId: string, source: Source) {
  const { entity, entityId, firstPosition, records } = source;
  await tx.query(
    `insert into rm_net_change_sources (client_id, entity, entity_id, first_position_commit, first_position_prepare, records)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (client_id, entity, entity_id) do update set records = excluded.records`,
    [clientId, entity, entityId, firstPosition.commit, firstPosition.prepare, JSON.stringify(records)],
  );
  await tx.query('delete from rm_net_changes where client_id = $1 and entity = $2 and entity_id = $3', [
    clientId,
    entity,
    entityId,
  ]);
  const net = netChanges(records)[0];
  if (!net) return;
  const pendingRecords = records.filter((r) => r.status === 'pending');
  // Who changed it last: the newest change still pending, else the newest change.
  const last = pendingRecords[pendingRecords.length - 1] ?? records[records.length - 1]!;
  const rows =
    net.details.length === 0
      ? [
          {
            attribute_key: '',
            status: net.status,
            value: null,
            previous_value: null,
            authors: [{ ...last.createdByUser, at: last.createdAt }],
            answer_changed_at: last.createdAt,
          },
        ]
      : net.details.map((d) => ({
          attribute_key: d.attributeKey,
          status: d.status,
          value: d.value ?? null,
          previous_value: d.previousValue ?? null,
          authors: d.authors,
          answer_changed_at: d.changedAt,
        }));
  await tx.query(
    `insert into rm_net_changes (client_id, entity, entity_id, attribute_key, first_position_commit,
       first_position_prepare, action, entity_status, status, value, previous_value, pending_change_ids,
       changed_at, changed_by, authors, answer_changed_at)
     select $1, $2, $3, r.attribute_key, $4, $5, $6, $7, r.status, r.value, r.previous_value, $8, $9, $10,
            r.authors, r.answer_changed_at
       from jsonb_to_recordset($11::jsonb)
         as r(attribute_key text, status text, value jsonb, previous_value jsonb, authors jsonb,
              answer_changed_at timestamptz)`,
    [
      clientId,
      entity,
      entityId,
      firstPosition.commit,
      firstPosition.prepare,
      net.action,
      net.status,
      pendingRecords.map((r) => r.id),
      last.createdAt,
      JSON.stringify(last.createdByUser),
      JSON.stringify(rows),
    ],
  );
}
