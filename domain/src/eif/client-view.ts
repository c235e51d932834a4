import type { EifEntity } from '@onboard/events';
import {
  EMPTY_STAMPS,
  effectiveEntities,
  entityKey,
  type EifStamps,
  type EifState,
  type EntityState,
  type PendingChange,
} from './decider.ts';
import { pendingReviewCount } from './net-changes.ts';

/**
 * The client as the API shows it: the accepted state (the Client entity's attributes, with its policies
 * and plans) and the EIF stamps; pending changes are listed apart and never mixed into the accepted values.
 */
export type ClientView = {
  id: string;
  name: string;
  version: number;
  taxId: string | null;
  policies: EntityRow[];
  plans: EntityRow[];
  contacts: EntityRow[];
  locations: EntityRow[];
  bills: EntityRow[];
  subsidiaries: EntityRow[];
  monthlyClaimsReportMailingLocations: EntityRow[];
  employeeClasses: EntityRow[];
  employeeClassPlans: EntityRow[];
  eifStatus: 'pre_sign' | 'signed';
  pendingChanges: PendingChange[];
  /** How many changes wait for review, counted by the net-change rules (one per answer or entity). */
  pendingReviewCount: number;
  [attribute: string]: unknown;
} & EifStamps;

/** One entity's attributes with its id. */
export type EntityRow = Record<string, unknown> & { id: string };

/** The ClientView list that holds each collection entity (the Client itself is the view). */
export const VIEW_COLLECTIONS = {
  Policy: 'policies',
  Plan: 'plans',
  Contact: 'contacts',
  Location: 'locations',
  Bill: 'bills',
  Subsidiary: 'subsidiaries',
  MonthlyClaimsReportMailingLocation: 'monthlyClaimsReportMailingLocations',
  EmployeeClass: 'employeeClasses',
  EmployeeClassPlan: 'employeeClassPlans',
} as const satisfies Partial<Record<EifEntity, keyof ClientView>>;
export type ViewCollectionEntity = keyof typeof VIEW_COLLECTIONS;

const byEntity = (entities: Iterable<EntityState>, entity: EifEntity): EntityRow[] =>
  [...entities]
    .filter((e) => e.entity === entity)
    .map((e) => ({ ...e.attributes, id: e.entityId }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));

export function toClientView(state: EifState, version: bigint): ClientView | null {
  if (state.status === 'empty') return null;
  const client = state.entities.get(entityKey('Client', state.clientId));
  if (!client) return null;
  const all = [...state.entities.values()];
  return {
    ...client.attributes,
    ...state.stamps,
    id: state.clientId,
    name: String(client.attributes.name ?? ''),
    taxId: (client.attributes.taxId as string | null | undefined) ?? null,
    // Stream revisions stay far below 2^53, so a JSON number is safe for the If-Match value.
    version: Number(version),
    ...collectionsOf(all),
    eifStatus: state.status,
    pendingChanges: [...state.pending],
    pendingReviewCount: pendingReviewCount(state.pending),
  };
}

function collectionsOf(all: readonly EntityState[]) {
  const out = {} as Record<(typeof VIEW_COLLECTIONS)[ViewCollectionEntity], EntityRow[]>;
  for (const [entity, list] of Object.entries(VIEW_COLLECTIONS))
    out[list] = byEntity(all, entity as EifEntity);
  return out;
}

/**
 * The client as its editor sees it: the same shape as the accepted view, with every pending change
 * applied in order. Forms edit this; review screens compare it with the accepted view.
 */
export function toEditingView(state: EifState, version: bigint): ClientView | null {
  const accepted = toClientView(state, version);
  if (!accepted || state.status === 'empty') return accepted;
  const effective = [...effectiveEntities(state).values()];
  const client = effective.find((e) => e.entity === 'Client');
  return {
    ...accepted,
    ...client?.attributes,
    id: accepted.id,
    name: String(client?.attributes.name ?? accepted.name),
    taxId: (client?.attributes.taxId as string | null | undefined) ?? null,
    ...collectionsOf(effective),
  };
}

/** The form as the editor sees it (accepted plus pending), for the hub's "pending" values. */
export function toPendingView(state: EifState): Record<string, Record<string, unknown>> {
  if (state.status === 'empty') return {};
  return Object.fromEntries([...effectiveEntities(state)].map(([key, e]) => [key, e.attributes]));
}

/** The EIF state as JSON for the read model, and back. */
export type EifStateDocument = {
  status: 'pre_sign' | 'signed';
  clientId: string;
  entities: Record<string, EntityState>;
  pending: PendingChange[];
  stamps: EifStamps;
};

export function toDocument(state: EifState): EifStateDocument | null {
  if (state.status === 'empty') return null;
  return {
    status: state.status,
    clientId: state.clientId,
    entities: Object.fromEntries(state.entities),
    pending: [...state.pending],
    stamps: state.stamps,
  };
}

export function fromDocument(doc: EifStateDocument): EifState {
  return {
    status: doc.status,
    clientId: doc.clientId,
    entities: new Map(Object.entries(doc.entities)),
    pending: doc.pending ?? [],
    stamps: { ...EMPTY_STAMPS, ...doc.stamps },
  };
}
