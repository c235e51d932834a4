import {
  CLIENT_LIFECYCLE_EVENT_TYPES,
  PARTITIONS,
  ClientLifecycleEvent,
  type CheckpointedConsumer,
  type ProjectionTx,
} from '@onboard/events';
import { deleteRows } from './reset.ts';

/**
 * One row per client created through the lifecycle calls (`client-{clientId}`): the profile staff keep,
 * whether it is a draft, archived, deleted or LIVE, the setup checklist and who went through the welcome
 * flow. The client list joins it to the form's row (rm_clients) for its filters.
 */
/** A row of rm_client_lifecycle; times as PostgreSQL's own text, so a row read and written back is unchanged. */
type Row = {
  client_id: string;
  name: string;
  ticket_id: string | null;
  implementation_type: string;
  implementation_consultant_user_id: string | null;
  is_test: boolean;
  is_draft: boolean;
  is_archived: boolean;
  deleted_at: string | null;
  release_status: string | null;
  policies: unknown;
  setup_steps: Record<string, string>;
  completed_setup_at: string | null;
  welcome_completed: Record<string, string>;
  created_at: string;
  version: string;
};

type CreatedEvent = Extract<ClientLifecycleEvent, { type: 'ClientCreated' }>;
type ChangeEvent = Exclude<ClientLifecycleEvent, CreatedEvent>;

/** The row a new client starts with. */
function createdRow(event: CreatedEvent, version: string): Row {
  const d = event.data;
  return {
    client_id: d.clientId,
    name: d.name,
    ticket_id: d.ticketId,
    implementation_type: d.implementationType,
    implementation_consultant_user_id: d.implementationConsultantUserId,
    is_test: d.isTest,
    is_draft: d.draft,
    is_archived: false,
    deleted_at: null,
    release_status: null,
    policies: d.policies,
    setup_steps: {},
    completed_setup_at: null,
    welcome_completed: {},
    created_at: d.at,
    version,
  };
}

/** Applies an event to the row of a client that exists (the version aside). */
function applyChange(row: Row, event: ChangeEvent): void {
  const { at } = event.data;
  switch (event.type) {
    case 'ClientProfileChanged': {
      const c = event.data.changes;
      row.name = c.name ?? row.name;
      if ('ticketId' in c) row.ticket_id = c.ticketId ?? null;
      row.implementation_type = c.implementationType ?? row.implementation_type;
      if ('implementationConsultantUserId' in c)
        row.implementation_consultant_user_id = c.implementationConsultantUserId ?? null;
      row.is_test = c.isTest ?? row.is_test;
      row.policies = event.data.policies ?? row.policies;
      break;
    }
    case 'BaseClientMade':
      row.is_draft = false;
      break;
    case 'ClientArchived':
      row.is_archived = true;
      break;
    case 'ClientUnarchived':
      row.is_archived = false;
      break;
    case 'ClientDeleted':
      row.deleted_at = at;
      break;
    case 'ClientReleaseStatusChanged':
      row.release_status = event.data.releaseStatus;
      break;
    case 'ClientSetupStepCompleted':
      row.setup_steps = { ...row.setup_steps, [event.data.stepId]: at };
      break;
    case 'ClientSetupCompleted':
      row.completed_setup_at = at;
      break;
    case 'WelcomeFlowCompleted':
      row.welcome_completed = { ...row.welcome_completed, [event.data.by.userId]: at };
      break;
  }
}

async function readRows(tx: ProjectionTx, clientIds: readonly string[]): Promise<Map<string, Row>> {
  const { rows } = await tx.query<Row>(
    `select client_id, name, ticket_id, implementation_type, implementation_consultant_user_id, is_test,
       is_draft, is_archived, deleted_at::text as deleted_at, release_status, policies, setup_steps,
       completed_setup_at::text as completed_setup_at, welcome_completed, created_at::text as created_at,
       version::text as version
       from rm_client_lifecycle where client_id = any($1)`,
    [clientIds],
  );
  return new Map(rows.map((row) => [row.client_id, row]));
}

async function writeRows(tx: ProjectionTx, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into rm_client_lifecycle (client_id, name, ticket_id, implementation_type,
       implementation_consultant_user_id, is_test, is_draft, is_archived, deleted_at, release_status, policies,
       setup_steps, completed_setup_at, welcome_completed, created_at, version)
     select * from jsonb_to_recordset($1::jsonb) as t(client_id text, name text, ticket_id text,
       implementation_type text, implementation_consultant_user_id text, is_test boolean, is_draft boolean,
       is_archived boolean, deleted_at timestamptz, release_status text, policies jsonb, setup_steps jsonb,
       completed_setup_at timestamptz, welcome_completed jsonb, created_at timestamptz, version bigint)
     on conflict (client_id) do update set name = excluded.name, ticket_id = excluded.ticket_id,
       implementation_type = excluded.implementation_type,
       implementation_consultant_user_id = excluded.implementation_consultant_user_id,
       is_test = excluded.is_test, is_draft = excluded.is_draft, is_archived = excluded.is_archived,
       deleted_at = excluded.deleted_at, release_status = excluded.release_status, policies = excluded.policies,
       setup_steps = excluded.setup_steps, completed_setup_at = excluded.completed_setup_at,
       welcome_completed = excluded.welcome_completed, version = excluded.version`,
    [JSON.stringify(rows)],
  );
}

export const clientLifecycleProjection: CheckpointedConsumer = {
  name: 'client-lifecycle',
  // Rows per client: split by client across the processes.
  partitions: PARTITIONS,
  filter: { eventTypes: CLIENT_LIFECYCLE_EVENT_TYPES },
  reset: deleteRows('rm_client_lifecycle'),
  handle: async (events, tx) => {
    // The batch's clients are read once, their events applied in order in memory, and the rows written in
    // one statement: a rebuild's page is a read and a write, not a statement per event.
    const parsed = events.map((recorded) => ({
      event: ClientLifecycleEvent.parse({ type: recorded.type, data: recorded.data }),
      version: recorded.revision.toString(),
    }));
    const clients = await readRows(tx, [...new Set(parsed.map((p) => p.event.data.clientId))]);
    const changed = new Set<string>();
    for (const { event, version } of parsed) {
      const { clientId } = event.data;
      const row = clients.get(clientId);
      if (event.type === 'ClientCreated') {
        // A client created again keeps its row; only the version moves.
        clients.set(clientId, row ? { ...row, version } : createdRow(event, version));
        changed.add(clientId);
        continue;
      }
      // Every other event changes a row that exists, and moves its version.
      if (!row) continue;
      changed.add(clientId);
      row.version = version;
      applyChange(row, event);
    }
    await writeRows(
      tx,
      [...changed].map((clientId) => clients.get(clientId)!),
    );
  },
};
