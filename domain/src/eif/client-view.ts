import type { EifEntity } from '@onboard/events';
import {
  EMPTY_STAMPS,
  effectiveEntities,
  entityKey,
  initialState,
  type EifStamps,
  type EifState,
  type EntityState,
  type OpenEifState,
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

type ViewList = (typeof VIEW_COLLECTIONS)[ViewCollectionEntity];
const LIST_OF: ReadonlyMap<string, ViewList> = new Map(Object.entries(VIEW_COLLECTIONS));
const LISTS: readonly ViewList[] = Object.values(VIEW_COLLECTIONS);
// The same order as String#localeCompare, without setting up a collator on every comparison.
const byId = new Intl.Collator().compare;

/** Each collection's rows, sorted by id, in one pass over the entities. */
function collectionsOf(entities: Iterable<EntityState>) {
  const out = {} as Record<ViewList, EntityRow[]>;
  for (const list of LISTS) out[list] = [];
  for (const e of entities) {
    const list = LIST_OF.get(e.entity);
    if (list) out[list].push({ ...e.attributes, id: e.entityId });
  }
  for (const list of LISTS) out[list].sort((a, b) => byId(a.id, b.id));
  return out;
}

/** The accepted Client row, or null for a stream without one. */
function acceptedClient(state: EifState) {
  if (state.status === 'empty') return null;
  return state.entities.get(entityKey('Client', state.clientId)) ?? null;
}

/** The view's shape around the given collections: the accepted Client's answers, stamps and status. */
function viewOf(
  state: OpenEifState,
  version: bigint,
  client: EntityState,
  collections: ReturnType<typeof collectionsOf>,
): ClientView {
  return {
    ...client.attributes,
    ...state.stamps,
    id: state.clientId,
    name: String(client.attributes.name ?? ''),
    taxId: (client.attributes.taxId as string | null | undefined) ?? null,
    // Stream revisions stay far below 2^53, so a JSON number is safe for the If-Match value.
    version: Number(version),
    ...collections,
    eifStatus: state.status,
    pendingChanges: [...state.pending],
    pendingReviewCount: pendingReviewCount(state.pending),
  };
}

export function toClientView(state: EifState, version: bigint): ClientView | null {
  const client = acceptedClient(state);
  if (!client || state.status === 'empty') return null;
  return viewOf(state, version, client, collectionsOf(state.entities.values()));
}

/**
 * The client as its editor sees it: the same shape as the accepted view, with every pending change
 * applied in order. Forms edit this; review screens compare it with the accepted view. The collections
 * are built once, from the entities with the pending changes applied.
 */
export function toEditingView(state: EifState, version: bigint): ClientView | null {
  const client = acceptedClient(state);
  if (!client || state.status === 'empty') return null;
  const effective = effectiveEntities(state);
  const collections = collectionsOf(effective.values());
  const accepted = viewOf(state, version, client, collections);
  let edited: EntityState | undefined;
  for (const e of effective.values()) {
    if (e.entity !== 'Client') continue;
    edited = e;
    break;
  }
  return {
    ...accepted,
    ...edited?.attributes,
    id: accepted.id,
    name: String(edited?.attributes.name ?? accepted.name),
    taxId: (edited?.attributes.taxId as string | null | undefined) ?? null,
    ...collections,
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

/** The form as a kept snapshot holds it, or the empty form where there is none yet. */
export const stateOfSnapshot = (doc: EifStateDocument | undefined): EifState =>
  doc ? fromDocument(doc) : initialState();
