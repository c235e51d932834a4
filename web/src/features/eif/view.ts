import { companyInformationEditState, VIEW_COLLECTIONS, type EifStamps } from '@onboard/domain/web';
import type { ClientView, PendingChange } from '../../api/types.ts';
import { placeAnswer, type Placement } from './steps.ts';

/** Pure reads of a client view for the EIF screens (accepted versus pending, edit state). */
export const pendingOf = (client: ClientView): PendingChange[] => client.pendingChanges ?? [];

/**
 * How many changes wait for review: the client view's one count (one per answer changed, or entity added
 * or removed), the same on every screen; an older answer without it counts its pending changes.
 */
export const pendingReviewCountOf = (client: ClientView): number =>
  client.pendingReviewCount ?? pendingOf(client).length;

export const isSigned = (client: ClientView) => client.eifStatus === 'signed';

const STAMP_KEYS = [
  'eifSignedAt',
  'eifSignedBy',
  'eifSignerKind',
  'eifOutsideSignedBy',
  'deifChangesReadyForReviewAt',
  'deifChangesReadyForReviewBy',
  'deifChangesAcceptedAt',
  'deifChangesAcceptedBy',
  'deifChangesDeclinedAt',
  'deifChangesDeclinedBy',
  'deifChangesDeclinedReason',
  'deifChangesUndoneAt',
  'deifChangesUndoneBy',
] as const satisfies readonly (keyof EifStamps)[];

function stampsOf(client: ClientView): EifStamps {
  return Object.fromEntries(STAMP_KEYS.map((key) => [key, client[key] ?? null])) as EifStamps;
}

export function editStateOf(client: ClientView) {
  return companyInformationEditState(
    stampsOf(client),
    pendingOf(client).map((change) => change.at),
  );
}

/** The newest pending value of one answer, or undefined when nothing about it is pending. */
export function pendingValue(
  client: ClientView,
  entity: string,
  entityId: string,
  attributeKey: string,
): { value: unknown; change: PendingChange } | undefined {
  const changes = pendingOf(client).filter(
    (c) => c.entity === entity && c.entityId === entityId && attributeKey in c.attributes,
  );
  const last = changes[changes.length - 1];
  return last ? { value: last.attributes[attributeKey], change: last } : undefined;
}

/** A change sits under the sub-step of its first attribute (an entity change under the entity's). */
export function placeChange(change: PendingChange): Placement {
  return placeAnswer(change.entity, Object.keys(change.attributes)[0] ?? null);
}

/** The attributes a change touches, with the value each replaced. */
export function changeRows(change: PendingChange) {
  return Object.keys(change.attributes).map((attributeKey) => ({
    attributeKey,
    previous: change.action === 'create' ? null : change.previous[attributeKey],
    value: change.attributes[attributeKey],
  }));
}

/** Client attributes that are bookkeeping, not answers of the questionnaire. */
const NOT_ANSWERS = new Set([
  'id',
  'name',
  'version',
  ...Object.values(VIEW_COLLECTIONS),
  'tasks',
  'pendingChanges',
  'pendingReviewCount',
  'people',
  'eifStatus',
  'isActive',
  'isTest',
  'isArchived',
  'implementationType',
  'digitalEIF',
  'taxId',
  'employeesNumber',
  ...STAMP_KEYS,
]);

/** The questionnaire answers of the client other than those the summary lays out itself. */
export function otherAnswers(client: ClientView): [string, unknown][] {
  return Object.entries(client)
    .filter(([key]) => !NOT_ANSWERS.has(key))
    .sort(([a], [b]) => a.localeCompare(b));
}
