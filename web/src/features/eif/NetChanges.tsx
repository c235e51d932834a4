import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import type { ClientView } from '../../api/types.ts';
import type { NetChange } from './api.ts';
import { attributeLabel, formatAnswer, groupByPlacement, placeAnswer, roleName } from './steps.ts';
import { formatWhen } from '../../ui/format.ts';
import { pendingOf } from './view.ts';

/** An entity's kind in words: 'EmployeeClass' reads 'Employee class'. */
const kindName = (entity: string) =>
  entity.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** The net change's sub-step: its first attribute's (an entity's change without attributes under the entity's). */
export const placeNetChange = (net: NetChange) =>
  placeAnswer(net.entity, net.details[0]?.attributeKey ?? null);

/**
 * The net changes still waiting for a decision. The read model follows the events a moment later than
 * the client view a decision answers with, so a net change whose changes the view no longer lists as
 * pending is already decided.
 */
export function pendingNetChanges(nets: readonly NetChange[] | undefined, client: ClientView) {
  const pendingIds = new Set(pendingOf(client).map((c) => c.changeId));
  return (nets ?? []).filter(
    (net) => net.status === 'pending' && net.pendingChangeIds.some((id) => pendingIds.has(id)),
  );
}

/** What a net change is about, in words: its answers' labels, or the entity's kind. */
export const netChangeName = (net: NetChange) =>
  net.entity === 'Client' || net.action === 'update'
    ? net.details.map((d) => attributeLabel(d.attributeKey)).join(', ')
    : kindName(net.entity);

function NetValues({ net }: { net: NetChange }) {
  const name = net.details.find((d) => d.attributeKey === 'name');
  const what = `${kindName(net.entity)}${name && typeof name.value === 'string' ? ` ${name.value}` : ''}`;
  return (
    <>
      {net.entity !== 'Client' && net.action !== 'update' && (
        <p className="change__values">
          {what} {net.action === 'delete' ? 'removed' : 'added'}
        </p>
      )}
      {net.details.length > 0 && (
        <ul className="change__values plain-list">
          {net.details.map((detail) => (
            <li key={detail.attributeKey}>
              <span className="change__attribute">{attributeLabel(detail.attributeKey)}:</span>{' '}
              <span className="change__previous" data-testid="change-previous">
                {formatAnswer(detail.attributeKey, detail.previousValue)}
              </span>{' '}
              <span aria-hidden="true">→</span>
              <span className="visually-hidden">changed to</span>{' '}
              <span className="change__new" data-testid="change-new">
                {formatAnswer(detail.attributeKey, detail.value)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Net changes grouped by step and sub-step; `actions` renders each one's controls. */
export function NetChangeGroups({
  changes,
  actions,
}: {
  changes: readonly NetChange[];
  actions?: (net: NetChange) => ReactNode;
}) {
  const groups = groupByPlacement(changes, placeNetChange);
  return (
    <div className="change-groups">
      {groups.map((group) => (
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
            {group.items.map((net) => (
              <li key={`${net.entity}:${net.entityId}`} className="change" data-testid="pending-change">
                <div className="change__body">
                  <NetValues net={net} />
                  <span className="change__meta">
                    {net.changedBy.id} ({roleName(net.changedBy.role)}) · {formatWhen(net.changedAt)}
                  </span>
                </div>
                {actions && <div className="change__actions">{actions(net)}</div>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
