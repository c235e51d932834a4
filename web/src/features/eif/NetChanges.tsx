import type { ReactNode } from 'react';
import type { ClientView } from '../../api/types.ts';
import { actorLabel, entityLabel } from '@onboard/domain/web';
import type { AnswerRef, NetChange } from './api.ts';
import { placeAnswer } from './steps.ts';
import { AnswerChange, ChangeGroupList } from './Changes.tsx';
import { formatWhen } from '../../ui/format.ts';
import { pendingOf } from './view.ts';
import { peopleOf } from './Eif.tsx';
import { attributeLabel } from './words.ts';

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
  return (nets ?? [])
    .filter((net) => net.status === 'pending' && net.pendingChangeIds.some((id) => pendingIds.has(id)))
    .map((net) =>
      // An update decided answer by answer waits only for the answers still pending.
      net.action === 'update' ? { ...net, details: net.details.filter((d) => d.status === 'pending') } : net,
    );
}

/** A net change named for a control's label: "Company: Company name" or "Location: Boston office added". */
export function netChangeName(net: NetChange, client?: ClientView | null): string {
  const what = netEntityName(net, client);
  return net.action === 'update' && net.details.length > 0
    ? `${what}: ${net.details.map((d) => attributeLabel(d.attributeKey, net.entity)).join(', ')}`
    : `${what} ${net.action === 'delete' ? 'removed' : 'added'}`;
}

export type NetDetail = NetChange['details'][number];

/** The answer a net change's detail is about, as a decision names it. */
export const answerOf = (net: NetChange, detail: NetDetail): AnswerRef => ({
  entity: net.entity,
  entityId: net.entityId,
  attributeKey: detail.attributeKey,
});

/** An answer named for a control's label: "Company: ERISA plan number". */
export const answerName = (net: NetChange, detail: NetDetail, client?: ClientView | null) =>
  `${netEntityName(net, client)}: ${attributeLabel(detail.attributeKey, net.entity)}`;

/** Whether a net change is decided answer by answer: an update of more than one answer still pending. */
const isDecidedByAnswer = (net: NetChange) =>
  net.action === 'update' && net.details.filter((d) => d.status === 'pending').length > 1;

/** Who changed an answer and when: every author, each at their latest change. */
function AnswerAuthors({ detail, people }: { detail: NetDetail; people: ReturnType<typeof peopleOf> }) {
  if (detail.authors.length === 0) return null;
  return (
    <span className="change__meta change__answer-meta" data-testid="answer-authors">
      Changed by{' '}
      {detail.authors
        .map(
          (author) =>
            `${actorLabel({ userId: author.id, role: author.role }, people)} (${formatWhen(author.at)})`,
        )
        .join(', ')}
    </span>
  );
}

function NetValues({
  net,
  client,
  answerActions,
}: {
  net: NetChange;
  client?: ClientView | null;
  answerActions?: (net: NetChange, detail: NetDetail) => ReactNode;
}) {
  const people = peopleOf(client);
  const showsAuthors = net.action === 'update';
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
            <li key={detail.attributeKey} className="change__answer" data-testid="change-answer">
              <span className="change__answer-values">
                <AnswerChange
                  entity={net.entity}
                  row={{ ...detail, previous: detail.previousValue }}
                  client={client}
                />
              </span>
              {showsAuthors && <AnswerAuthors detail={detail} people={people} />}
              {answerActions && detail.status === 'pending' && (
                <span className="change__answer-actions">{answerActions(net, detail)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Who made a net change and when: for an update everyone who changed its answers (each once), with the
 * latest time; for an entity added or removed, who did it.
 */
function netMeta(net: NetChange, people: ReturnType<typeof peopleOf>) {
  const authors = new Map<string, { id: string; role: string }>();
  let latest = net.action === 'update' ? '' : net.changedAt;
  if (net.action === 'update')
    for (const detail of net.details)
      for (const author of detail.authors) {
        authors.set(author.id, author);
        if (author.at > latest) latest = author.at;
      }
  if (authors.size === 0) authors.set(net.changedBy.id, net.changedBy);
  const names = [...authors.values()].map((a) => actorLabel({ userId: a.id, role: a.role }, people));
  return `${names.join(', ')} · ${formatWhen(latest || net.changedAt)}`;
}

/** Net changes grouped by step and sub-step; `actions` renders each one's controls. */
export function NetChangeGroups({
  changes,
  actions,
  answerActions,
  client,
}: {
  changes: readonly NetChange[];
  actions?: (net: NetChange) => ReactNode;
  /** Controls of one answer of an update decided answer by answer (`isDecidedByAnswer`). */
  answerActions?: (net: NetChange, detail: NetDetail) => ReactNode;
  client?: ClientView | null;
}) {
  const people = peopleOf(client);
  return (
    <ChangeGroupList
      items={changes}
      placeOf={placeNetChange}
      keyOf={(net) => `${net.entity}:${net.entityId}`}
      values={(net) => (
        <NetValues
          net={net}
          client={client}
          answerActions={answerActions && isDecidedByAnswer(net) ? answerActions : undefined}
        />
      )}
      meta={(net) => netMeta(net, people)}
      actions={actions}
    />
  );
}
