import { Heading } from '../../ui/controls.ts';
import { entityLabel } from '@onboard/domain/web';
import { useNetChanges, type NetChange } from '../eif/api.ts';
import { groupByPlacement, placeAnswer } from '../eif/steps.ts';
import { attributeLabel, formatAnswer, labelBefore } from '../eif/words.ts';
import type { ClientView } from '../../api/types.ts';
import { QueryFallback } from '../../ui/QueryState.tsx';

/** The net changes since signing (the net-changes read model, onboarding §4 rules), by sub-step. */
export function ChangeLogSection({
  clientId,
  signedAt,
  client,
}: {
  clientId: string;
  signedAt: string | null;
  client: ClientView;
}) {
  const { data: nets, error } = useNetChanges(clientId, client.version);
  if (error || !nets) return <QueryFallback error={error} />;
  if (signedAt === null) return <p className="muted">The form is not signed yet: answers apply directly.</p>;
  type NetDetail = NetChange['details'][number];
  type LogRow = { key: string; net: NetChange; detail: NetDetail | null };
  const rows = nets.flatMap((net): LogRow[] =>
    net.details.length === 0
      ? [{ key: `${net.entity}:${net.entityId}`, net, detail: null }]
      : net.details.map((detail) => ({
          key: `${net.entity}:${net.entityId}:${detail.attributeKey}`,
          net,
          detail,
        })),
  );
  if (rows.length === 0) return <p className="muted">No changes since the form was signed.</p>;
  const groups = groupByPlacement(rows, (row) =>
    placeAnswer(row.net.entity, row.detail?.attributeKey ?? null),
  );
  return (
    <div className="change-groups">
      {groups.map((group) => (
        <section key={`${group.step.id}/${group.subStep.id}`} className="change-group">
          <p className="eyebrow">{group.step.label}</p>
          <Heading level={3} className="change-group__title">
            {group.subStep.label}
          </Heading>
          <ul className="change-list">
            {group.items.map(({ key, net, detail }) => (
              <li key={key} className="change" data-testid="net-change">
                <div className="change__body">
                  {detail ? (
                    <span>
                      {net.entity !== 'Client' && (
                        <span className="change__entity">
                          {entityLabel(net.entity, net.entityId, client)}:{' '}
                        </span>
                      )}
                      <span className="change__attribute">
                        {labelBefore(attributeLabel(detail.attributeKey, net.entity))}
                      </span>{' '}
                      {formatAnswer(detail.attributeKey, detail.previousValue, net.entity, client)} →{' '}
                      <strong>{formatAnswer(detail.attributeKey, detail.value, net.entity, client)}</strong>
                    </span>
                  ) : (
                    <span>
                      {entityLabel(net.entity, net.entityId, client)}{' '}
                      {net.action === 'delete' ? 'removed' : 'added'}
                    </span>
                  )}
                </div>
                <span className={`status-pill status-pill--${statusTone(detail?.status ?? net.status)}`}>
                  {STATUS_LABELS[detail?.status ?? net.status]}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const STATUS_LABELS = { pending: 'Pending', accepted: 'Accepted', declined: 'Declined' } as const;

const statusTone = (status: string) =>
  status === 'accepted' ? 'success' : status === 'declined' ? 'error' : 'warning';
