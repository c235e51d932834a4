import type { ReactNode } from 'react';
import { Heading } from '../../ui/controls.ts';
import { actorLabel, entityLabel } from '@onboard/domain/web';
import type { ClientView, PendingChange } from '../../api/types.ts';
import { formatWhen } from '../../ui/format.ts';
import { PendingBadge, peopleOf } from './Eif.tsx';
import { groupByPlacement, type Placement } from './steps.ts';
import { changeRows, pendingValue, placeChange } from './view.ts';
import { attributeLabel, formatAnswer, labelBefore } from './words.ts';

// The EIF's answers and changes as people read them (names, questions, options, items by what they
// are): one place every page that shows a change takes them from (manage, review, history, hub, the
// outside signer).

/** One answer: the accepted value, and beside it the pending value when a change waits for review. */
export function AnswerRow({
  label,
  client,
  entity,
  entityId,
  attributeKey,
  accepted,
}: {
  label: string;
  client: ClientView;
  entity: string;
  entityId: string;
  attributeKey: string;
  accepted: unknown;
}) {
  const pending = pendingValue(client, entity, entityId, attributeKey);
  return (
    <div className="answer" data-testid={`answer-${attributeKey}`}>
      <dt className="answer__label">{label}</dt>
      <dd className="answer__value">
        <span data-testid="accepted-value">{formatAnswer(attributeKey, accepted, entity, client)}</span>
        {pending && (
          <PendingBadge>
            <span data-testid="pending-value">
              {formatAnswer(attributeKey, pending.value, entity, client)}
            </span>
          </PendingBadge>
        )}
      </dd>
    </div>
  );
}

/** The view a change is worded against: referenced items and people by name. */
type Wording = { client?: ClientView | null };

/** One answer's change in words: its question, the value before and the value after. */
export function AnswerChange({
  entity,
  row: { attributeKey, previous, value },
  client,
}: { entity: string; row: { attributeKey: string; previous: unknown; value: unknown } } & Wording) {
  const view = client ?? undefined;
  return (
    <>
      <span className="change__attribute">{labelBefore(attributeLabel(attributeKey, entity))}</span>{' '}
      <span className="change__previous" data-testid="change-previous">
        {formatAnswer(attributeKey, previous, entity, view)}
      </span>{' '}
      <span aria-hidden="true">→</span>
      <span className="visually-hidden">changed to</span>{' '}
      <span className="change__new" data-testid="change-new">
        {formatAnswer(attributeKey, value, entity, view)}
      </span>
    </>
  );
}

/** A pending change's values in words: the item by what it is, each answer by its question and option. */
function ChangeValues({ change, client }: { change: PendingChange } & Wording) {
  const view = client ?? undefined;
  if (change.action === 'delete') {
    return (
      <p className="change__values">
        {entityLabel(change.entity, change.entityId, view, change.previous)} removed
      </p>
    );
  }
  return (
    <ul className="change__values plain-list">
      {change.entity !== 'Client' && (
        <li className="change__entity">
          {entityLabel(change.entity, change.entityId, view, change.attributes)}
          {change.action === 'create' ? ' added' : ''}
        </li>
      )}
      {changeRows(change).map((row) => (
        <li key={row.attributeKey}>
          <AnswerChange entity={change.entity} row={row} client={client} />
        </li>
      ))}
    </ul>
  );
}

/** Who made a change (by name and role, from the names the server sent) and when. */
const changeAuthor = (change: PendingChange, people?: Readonly<Record<string, string>> | null) =>
  `${actorLabel(change.by as { userId?: string; role?: string }, people)} · ${formatWhen(change.at)}`;

/**
 * Changes of any kind grouped by step and sub-step (the review, history, hub and outside-signer lists):
 * each item's values, who made it and when, and its controls.
 */
export function ChangeGroupList<T>({
  items,
  placeOf,
  keyOf,
  values,
  meta,
  actions,
}: {
  items: readonly T[];
  placeOf: (item: T) => Placement;
  keyOf: (item: T) => string;
  values: (item: T) => ReactNode;
  meta: (item: T) => ReactNode;
  actions?: (item: T) => ReactNode;
}) {
  return (
    <div className="change-groups">
      {groupByPlacement(items, placeOf).map((group) => (
        <section
          key={`${group.step.id}/${group.subStep.id}`}
          className="change-group"
          aria-label={`${group.step.label}: ${group.subStep.label}`}
        >
          <p className="eyebrow">{group.step.label}</p>
          <Heading level={3} className="change-group__title">
            {group.subStep.label}
          </Heading>
          <ul className="change-list">
            {group.items.map((item) => (
              <li key={keyOf(item)} className="change" data-testid="pending-change">
                <div className="change__body">
                  {values(item)}
                  <span className="change__meta">{meta(item)}</span>
                </div>
                {actions && <div className="change__actions">{actions(item)}</div>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Pending changes grouped by step and sub-step; `actions` renders each change's controls. */
export function PendingChangeGroups({
  changes,
  actions,
  client,
}: {
  changes: readonly PendingChange[];
  actions?: (change: PendingChange) => ReactNode;
} & Wording) {
  const people = peopleOf(client);
  return (
    <ChangeGroupList
      items={changes}
      placeOf={placeChange}
      keyOf={(change) => change.changeId}
      values={(change) => <ChangeValues change={change} client={client} />}
      meta={(change) => changeAuthor(change, people)}
      actions={actions}
    />
  );
}
