import type { AttributeChange, EifActor, EifEntity, EifEvent } from '@onboard/events';
import {
  accepted,
  refused,
  type Command,
  type Decider,
  type Decision as DecisionOf,
  type Intent,
} from '../decider.ts';
import { unhandled } from '../exhaustive.ts';
import { toEditingView } from './client-view.ts';
import { missingAnswers, type MissingAnswer } from './forms/missing.ts';
import { settleAnswers, withDependents, type AnswerPart } from './dependencies.ts';

/**
 * The EIF decider: one client's Employer Information Form as a fold over its stream
 * (decide(command, state) -> events | error; evolve(state, event) -> state).
 *
 * Lifecycle (onboarding §4): before the first signature edits apply directly (`pre_sign`); once signed,
 * every edit is a pending change kept beside the accepted state until a reviewer accepts or declines it,
 * or the implementation consultant's own edits are undone.
 */
export type EntityState = { entity: EifEntity; entityId: string; attributes: Record<string, unknown> };

export type PendingChange = {
  changeId: string;
  action: 'create' | 'update' | 'delete';
  entity: EifEntity;
  entityId: string;
  /** create: every attribute; update: the changed attributes' new values; delete: none. */
  attributes: Record<string, unknown>;
  /** update: the values the edit replaced, as the editor saw them. */
  previous: Record<string, unknown>;
  at: string;
  by: EifActor;
};

export type EifStamps = {
  eifSignedAt: string | null;
  eifSignedBy: string | null;
  eifSignerKind: string | null;
  eifOutsideSignedBy: string | null;
  deifChangesReadyForReviewAt: string | null;
  deifChangesReadyForReviewBy: string | null;
  deifChangesAcceptedAt: string | null;
  deifChangesAcceptedBy: string | null;
  deifChangesDeclinedAt: string | null;
  deifChangesDeclinedBy: string | null;
  deifChangesDeclinedReason: string | null;
  deifChangesUndoneAt: string | null;
  deifChangesUndoneBy: string | null;
};

type OpenState = {
  clientId: string;
  /** The accepted state: what was signed plus every accepted change. */
  entities: ReadonlyMap<string, EntityState>;
  pending: readonly PendingChange[];
  stamps: EifStamps;
};

export type EifState =
  { status: 'empty' } | ({ status: 'pre_sign' } & OpenState) | ({ status: 'signed' } & OpenState);
export type OpenEifState = Extract<EifState, { status: 'pre_sign' | 'signed' }>;

export const entityKey = (entity: EifEntity | string, entityId: string) => `${entity}:${entityId}`;

export const EMPTY_STAMPS: EifStamps = {
  eifSignedAt: null,
  eifSignedBy: null,
  eifSignerKind: null,
  eifOutsideSignedBy: null,
  deifChangesReadyForReviewAt: null,
  deifChangesReadyForReviewBy: null,
  deifChangesAcceptedAt: null,
  deifChangesAcceptedBy: null,
  deifChangesDeclinedAt: null,
  deifChangesDeclinedBy: null,
  deifChangesDeclinedReason: null,
  deifChangesUndoneAt: null,
  deifChangesUndoneBy: null,
};

export function initialState(): EifState {
  return { status: 'empty' };
}

/** Time and actor come in with the command (metadata); new ids in its data: the domain has no clock. */
type Metadata = { at: string; by: EifActor };
type Edit = { clientId: string; entity: EifEntity; entityId: string; changeId: string };

export type EifCommand =
  | Command<'CreateEntity', Edit & { attributes: Record<string, unknown> }, Metadata>
  | Command<'ChangeAttributes', Edit & { attributes: Record<string, unknown> }, Metadata>
  | Command<'DeleteEntity', Edit, Metadata>
  | Command<
      'SignEif',
      {
        clientId: string;
        signerKind: 'AUTHORIZED_SIGNER' | 'BROKER_AS_AUTHORIZED_SIGNER' | 'OUTSIDE_SIGNER';
        outsideSignerActionId: string | null;
        /** The sections (EIF step ids) the signer attests (eif/signatures.ts). */
        sections?: readonly string[];
      },
      Metadata
    >
  | Command<'MarkChangesReadyForReview', { clientId: string }, Metadata>
  | Command<'AcceptChanges', { clientId: string } & ChangeChoice, Metadata>
  | Command<'DeclineChanges', { clientId: string; reason: string } & ChangeChoice, Metadata>
  | Command<'UndoIcEdits', { clientId: string }, Metadata>;

/** One answer of the form: an attribute of an entity. */
export type AnswerRef = { entity: string; entityId: string; attributeKey: string };

/**
 * What a reviewer decides: whole changes by id (or all of them), and answers, each deciding the pending
 * changes of that answer alone (review per answer).
 */
export type ChangeChoice = { changeIds: readonly string[] | 'all'; answers?: readonly AnswerRef[] };

/** An EIF command as a handler builds it; the command handler adds the time and actor. */
export type EifIntent = Intent<EifCommand>;

export type EifErrorCode =
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'ALREADY_SIGNED'
  | 'INCOMPLETE'
  | 'NOT_SIGNED'
  | 'NOTHING_TO_REVIEW'
  | 'REASON_REQUIRED';
export type EifError = {
  code: EifErrorCode;
  message: string;
  /** INCOMPLETE: what is still to answer, in words and with the sub-step to answer it on. */
  missing?: MissingAnswer[];
};

export type Decision = DecisionOf<EifEvent, EifError>;

const ok = (...events: EifEvent[]): Decision => accepted(...events);
const refuse = (code: EifErrorCode, message: string): Decision => refused({ code, message });

/** False and null are the same answer (onboarding §4 net-change rules). */
export function isSameValue(a: unknown, b: unknown): boolean {
  const x = a === false || a === undefined ? null : a;
  const y = b === false || b === undefined ? null : b;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

/**
 * Whether an edit leaves the stored answer as it is. Unlike isSameValue (how changes are shown), "No"
 * (false) is kept apart from "not answered" (null): an administrator who answers No has answered.
 */
export function isSameStoredValue(a: unknown, b: unknown): boolean {
  const x = a === undefined ? null : a;
  const y = b === undefined ? null : b;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

/** The form as an editor sees it: the accepted state with every pending change applied in order. */
export function effectiveEntities(state: OpenEifState): Map<string, EntityState> {
  const entities = new Map(state.entities);
  for (const change of state.pending) applyChange(entities, change);
  return entities;
}

type EntityEdit = Pick<PendingChange, 'action' | 'entity' | 'entityId' | 'attributes'>;

function applyChange(entities: Map<string, EntityState>, change: EntityEdit) {
  const key = entityKey(change.entity, change.entityId);
  switch (change.action) {
    case 'create':
      entities.set(key, {
        entity: change.entity,
        entityId: change.entityId,
        attributes: { ...change.attributes },
      });
      break;
    case 'update': {
      const current = entities.get(key);
      if (current)
        entities.set(key, { ...current, attributes: { ...current.attributes, ...change.attributes } });
      break;
    }
    case 'delete':
      entities.delete(key);
      break;
    default: {
      const unknown: never = change.action;
      throw new Error(`Unknown change ${String(unknown)}`);
    }
  }
}

/**
 * What must be answered before the form can be signed: every required answer of every visible sub-step,
 * read from the form definitions (forms/missing.ts) against the form as its editor sees it.
 */
export function missingForSigning(state: OpenEifState): MissingAnswer[] {
  const view = toEditingView(state, -1n);
  return view ? missingAnswers(view) : [];
}

const selectPending = (state: OpenEifState, ids: readonly string[] | 'all') =>
  ids === 'all' ? state.pending : state.pending.filter((c) => ids.includes(c.changeId));

/** The pending changes of the chosen answers, as parts of those changes. */
const answerParts = (state: OpenEifState, answers: readonly AnswerRef[]): AnswerPart[] =>
  state.pending.flatMap((change) => {
    const keys = answers
      .filter(
        (a) =>
          a.entity === change.entity && a.entityId === change.entityId && a.attributeKey in change.attributes,
      )
      .map((a) => a.attributeKey);
    return keys.length > 0 ? [{ changeId: change.changeId, attributeKeys: keys }] : [];
  });

/** What a choice settles, with what rests on it (eif/dependencies.ts), as the decision event's data. */
function settleChoice(state: OpenEifState, choice: ChangeChoice, how: 'accept' | 'decline') {
  const whole = selectPending(state, choice.changeIds);
  const parts = answerParts(state, choice.answers ?? []);
  if (whole.length === 0 && parts.length === 0) return null;
  const settled = settleAnswers(state.pending, state.entities, whole, parts, how);
  return {
    changeIds: settled.whole.map((c) => c.changeId),
    ...(settled.parts.length > 0 ? { answers: settled.parts } : {}),
  };
}

const isStaff = (by: EifActor) => by.role === 'SLF_ADMIN' || by.role === 'SLF_OWNER';

function decideEdit(
  command: Extract<EifCommand, { type: 'CreateEntity' | 'ChangeAttributes' | 'DeleteEntity' }>,
  state: EifState,
): Decision {
  const { clientId, entity, entityId } = command.data;
  if (state.status === 'empty') {
    if (command.type === 'CreateEntity' && entity === 'Client') {
      return ok({
        type: 'EifEntityCreated',
        data: { clientId, entity, entityId, attributes: command.data.attributes },
      });
    }
    return refuse('NOT_FOUND', 'Client not found');
  }
  const current = effectiveEntities(state).get(entityKey(entity, entityId));
  const pending =
    state.status === 'signed'
      ? { pending: { changeId: command.data.changeId, at: command.metadata.at, by: command.metadata.by } }
      : {};
  switch (command.type) {
    case 'CreateEntity':
      if (current) return refuse('ALREADY_EXISTS', `${entity} already exists`);
      return ok({
        type: 'EifEntityCreated',
        data: { clientId, entity, entityId, attributes: command.data.attributes, ...pending },
      });
    case 'ChangeAttributes': {
      if (!current) return refuse('NOT_FOUND', `${entity} not found`);
      const changes: AttributeChange[] = Object.entries(command.data.attributes)
        .filter(([key, value]) => !isSameStoredValue(current.attributes[key], value))
        .map(([attributeKey, value]) => ({
          attributeKey,
          value,
          previousValue: current.attributes[attributeKey] ?? null,
        }));
      // Saving an unchanged form is not an error for the user: nothing to record.
      if (changes.length === 0) return ok();
      return ok({ type: 'EifEntityChanged', data: { clientId, entity, entityId, changes, ...pending } });
    }
    case 'DeleteEntity':
      if (!current) return refuse('NOT_FOUND', `${entity} not found`);
      if (entity === 'Client')
        return refuse('NOT_FOUND', 'The client itself cannot be deleted from the form');
      return ok({ type: 'EifEntityDeleted', data: { clientId, entity, entityId, ...pending } });
    default:
      return unhandled('command', command);
  }
}

export function decide(command: EifCommand, state: EifState): Decision {
  switch (command.type) {
    case 'CreateEntity':
    case 'ChangeAttributes':
    case 'DeleteEntity':
      return decideEdit(command, state);
    default:
      break;
  }
  if (state.status === 'empty') return refuse('NOT_FOUND', 'Client not found');
  const { clientId } = command.data;
  const { at, by } = command.metadata;
  switch (command.type) {
    case 'SignEif': {
      if (state.status === 'signed') return refuse('ALREADY_SIGNED', 'The form is already signed');
      const missing = missingForSigning(state);
      if (missing.length > 0) {
        const count = missing.length === 1 ? 'one answer is' : `${missing.length} answers are`;
        return refused({
          code: 'INCOMPLETE',
          message: `The form cannot be signed yet: ${count} still missing.`,
          missing,
        });
      }
      return ok({
        type: 'EifSigned',
        data: {
          clientId,
          signerKind: command.data.signerKind,
          by,
          outsideSignerActionId: command.data.outsideSignerActionId,
          ...(command.data.sections ? { sections: [...command.data.sections] } : {}),
          at,
        },
      });
    }
    case 'MarkChangesReadyForReview':
      if (state.status !== 'signed') return refuse('NOT_SIGNED', 'The form is not signed yet');
      if (state.pending.length === 0) return refuse('NOTHING_TO_REVIEW', 'There are no changes to review');
      return ok({ type: 'EifChangesMarkedReadyForReview', data: { clientId, by, at } });
    case 'AcceptChanges': {
      if (state.status !== 'signed') return refuse('NOT_SIGNED', 'The form is not signed yet');
      // Accepting settles what the change rests on with it (eif/dependencies.ts).
      const settled = settleChoice(state, command.data, 'accept');
      if (!settled) return refuse('NOTHING_TO_REVIEW', 'There are no pending changes to accept');
      return ok({ type: 'EifChangesAccepted', data: { clientId, ...settled, by, at } });
    }
    case 'DeclineChanges': {
      if (state.status !== 'signed') return refuse('NOT_SIGNED', 'The form is not signed yet');
      const reason = command.data.reason.trim();
      if (reason === '') return refuse('REASON_REQUIRED', 'A reason is required to decline changes');
      // Declining settles the changes resting on the declined ones (eif/dependencies.ts).
      const settled = settleChoice(state, command.data, 'decline');
      if (!settled) return refuse('NOTHING_TO_REVIEW', 'There are no pending changes to decline');
      return ok({ type: 'EifChangesDeclined', data: { clientId, ...settled, reason, by, at } });
    }
    case 'UndoIcEdits': {
      if (state.status !== 'signed') return refuse('NOT_SIGNED', 'The form is not signed yet');
      const icEdits = state.pending.filter((c) => isStaff(c.by));
      if (icEdits.length === 0) {
        return refuse('NOTHING_TO_REVIEW', 'There are no implementation consultant edits to undo');
      }
      // An edit resting on an undone one (a client's update of a class the consultant created) goes too.
      const settled = withDependents(state.pending, state.entities, icEdits);
      return ok({
        type: 'EifIcEditsUndone',
        data: { clientId, changeIds: settled.map((c) => c.changeId), by, at },
      });
    }
    default:
      return unhandled('command', command);
  }
}

type EntityEvent = Extract<EifEvent, { type: 'EifEntityCreated' | 'EifEntityChanged' | 'EifEntityDeleted' }>;

function toEdit(event: EntityEvent): EntityEdit & { previous: Record<string, unknown> } {
  const { entity, entityId } = event.data;
  switch (event.type) {
    case 'EifEntityCreated':
      return { action: 'create', entity, entityId, attributes: { ...event.data.attributes }, previous: {} };
    case 'EifEntityChanged':
      return {
        action: 'update',
        entity,
        entityId,
        attributes: Object.fromEntries(event.data.changes.map((c) => [c.attributeKey, c.value])),
        previous: Object.fromEntries(event.data.changes.map((c) => [c.attributeKey, c.previousValue])),
      };
    case 'EifEntityDeleted':
      return { action: 'delete', entity, entityId, attributes: {}, previous: {} };
    default:
      return unhandled('event', event);
  }
}

const partsOf = (answers: readonly AnswerPart[] | undefined) =>
  new Map((answers ?? []).map((part) => [part.changeId, new Set(part.attributeKeys)]));

/** The chosen answers of a change (an update), as a change of its own. */
function pickAnswers(change: PendingChange, keys: ReadonlySet<string>): PendingChange {
  const pick = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([key]) => keys.has(key)));
  return { ...change, attributes: pick(change.attributes), previous: pick(change.previous) };
}

/** The pending changes left after a decision: decided ones go, decided answers leave their change. */
function withoutDecided(
  pending: readonly PendingChange[],
  ids: ReadonlySet<string>,
  parts: ReadonlyMap<string, ReadonlySet<string>>,
): PendingChange[] {
  return pending.flatMap((change) => {
    if (ids.has(change.changeId)) return [];
    const keys = parts.get(change.changeId);
    if (!keys) return [change];
    const rest = Object.keys(change.attributes).filter((key) => !keys.has(key));
    return rest.length === 0 ? [] : [pickAnswers(change, new Set(rest))];
  });
}

type Draft = {
  status: 'pre_sign' | 'signed';
  clientId: string;
  entities: Map<string, EntityState>;
  pending: PendingChange[];
  stamps: EifStamps;
};

/** Applies one event to a draft the fold owns; only `fold` hands drafts out, as immutable states. */
function apply(draft: Draft, event: EifEvent): void {
  switch (event.type) {
    case 'EifEntityCreated':
    case 'EifEntityChanged':
    case 'EifEntityDeleted': {
      const edit = toEdit(event);
      if (event.data.pending) draft.pending.push({ ...edit, ...event.data.pending });
      else applyChange(draft.entities, edit);
      return;
    }
    case 'EifSigned': {
      const { by, at, signerKind } = event.data;
      const isOutside = signerKind === 'OUTSIDE_SIGNER';
      draft.status = 'signed';
      draft.stamps.eifSignedAt = at;
      draft.stamps.eifSignedBy = isOutside ? null : by.userId;
      draft.stamps.eifSignerKind = signerKind;
      draft.stamps.eifOutsideSignedBy = isOutside ? event.data.outsideSignerActionId : null;
      return;
    }
    case 'EifChangesMarkedReadyForReview':
      draft.stamps.deifChangesReadyForReviewAt = event.data.at;
      draft.stamps.deifChangesReadyForReviewBy = event.data.by.userId;
      return;
    case 'EifChangesAccepted': {
      const ids = new Set(event.data.changeIds);
      const parts = partsOf(event.data.answers);
      // Applied in the order the changes were made: whole changes, and the accepted answers of the rest.
      for (const change of draft.pending) {
        if (ids.has(change.changeId)) applyChange(draft.entities, change);
        const keys = parts.get(change.changeId);
        if (keys) applyChange(draft.entities, pickAnswers(change, keys));
      }
      draft.pending = withoutDecided(draft.pending, ids, parts);
      draft.stamps.deifChangesAcceptedAt = event.data.at;
      draft.stamps.deifChangesAcceptedBy = event.data.by.userId;
      return;
    }
    case 'EifChangesDeclined': {
      const ids = new Set(event.data.changeIds);
      draft.pending = withoutDecided(draft.pending, ids, partsOf(event.data.answers));
      draft.stamps.deifChangesDeclinedAt = event.data.at;
      draft.stamps.deifChangesDeclinedBy = event.data.by.userId;
      draft.stamps.deifChangesDeclinedReason = event.data.reason;
      return;
    }
    case 'EifIcEditsUndone': {
      const ids = new Set(event.data.changeIds);
      draft.pending = draft.pending.filter((c) => !ids.has(c.changeId));
      draft.stamps.deifChangesUndoneAt = event.data.at;
      draft.stamps.deifChangesUndoneBy = event.data.by.userId;
      return;
    }
    default:
      return unhandled('event', event);
  }
}

/**
 * Folds events onto a state. The state given is never changed: the fold copies it once and applies every
 * event to that copy, so a long stream folds in linear time (copying per event made replay quadratic).
 */
export function fold(events: readonly EifEvent[], state: EifState = initialState()): EifState {
  const first = events[0];
  if (!first) return state;
  const draft: Draft =
    state.status === 'empty'
      ? {
          status: 'pre_sign',
          clientId: first.data.clientId,
          entities: new Map(),
          pending: [],
          stamps: { ...EMPTY_STAMPS },
        }
      : {
          status: state.status,
          clientId: state.clientId,
          entities: new Map(state.entities),
          pending: [...state.pending],
          stamps: { ...state.stamps },
        };
  for (const event of events) apply(draft, event);
  return draft;
}

export function evolve(state: EifState, event: EifEvent): EifState {
  return fold([event], state);
}

/** The EIF as one decider (domain/src/decider.ts). */
export const eifDecider: Decider<EifState, EifCommand, EifEvent, EifError> = { initialState, decide, evolve };
