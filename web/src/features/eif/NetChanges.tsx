import type { ReactNode } from 'react';
import type { ClientView } from '../../api/types.ts';
import { actorLabel, entityLabel } from '@onboard/domain/eif/labels';
import type { NetChange } from './api.ts';
import { placeAnswer } from './steps.ts';
import { ChangeGroupList } from './Changes.tsx';
import { formatWhen } from '../../ui/format.ts';
import { pendingOf } from './view.ts';
import { peopleOf } from './Eif.tsx';
import { attributeLabel, formatAnswer, labelBefore } from './words.ts';

/** The item a net change is about, by what it is ("Location: Boston office"), its answers helping. */
const netEntityName = (net: NetChange, client?: ClientView | null) =>
  entityLabel(
    net.entity,
    net.entityId,
    client ?? undefined,
    Object.fromEntries(net.details.map((d) => [d.attributeKey, d.value ?? d.previousValue])),
  );

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

/** A net change named for a control's label: "Company: Company name" or "Location: Boston office added". */
export function netChangeName(net: NetChange, client?: ClientView | null): string {
  const what = netEntityName(net, client);
  return net.action === 'update' && net.details.length > 0
    ? `${what}: ${net.details.map((d) => attributeLabel(d.attributeKey, net.entity)).join(', ')}`
    : `${what} ${net.action === 'delete' ? 'removed' : 'added'}`;
}

function NetValues({ net, client }: { net: NetChange; client?: ClientView | null }) {
  const view = client ?? undefined;
  return (
    <>
      {net.entity !== 'Client' && (
        <p className="change__values change__entity">
          {netEntityName(net, client)}
          {net.action === 'update' ? '' : net.action === 'delete' ? ' removed' : ' added'}
        </p>
      )}
      {net.details.length > 0 && (
        <ul className="change__values plain-list">
          {net.details.map((detail) => (
            <li key={detail.attributeKey}>
              <span className="change__attribute">
                {labelBefore(attributeLabel(detail.attributeKey, net.entity))}
              </span>{' '}
              <span className="change__previous" data-testid="change-previous">
                {formatAnswer(detail.attributeKey, detail.previousValue, net.entity, view)}
              </span>{' '}
              <span aria-hidden="true">→</span>
              <span className="visually-hidden">changed to</span>{' '}
              <span className="change__new" data-testid="change-new">
                {formatAnswer(detail.attributeKey, detail.value, net.entity, view)}
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
  client,
}: {
  changes: readonly NetChange[];
  actions?: (net: NetChange) => ReactNode;
  client?: ClientView | null;
}) {
  const people = peopleOf(client);
  return (
    <ChangeGroupList
      items={changes}
      placeOf={placeNetChange}
      keyOf={(net) => `${net.entity}:${net.entityId}`}
      values={(net) => <NetValues net={net} client={client} />}
      meta={(net) =>
        `${actorLabel({ userId: net.changedBy.id, role: net.changedBy.role }, people)} · ${formatWhen(net.changedAt)}`
      }
      actions={actions}
    />
  );
}
