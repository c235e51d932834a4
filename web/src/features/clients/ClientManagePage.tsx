import { lazy, Suspense, useState } from 'react';
import { Button, Heading, Link } from 'react-aria-components';
import { netChanges, type NetChange, type NetDetail } from '@onboard/domain/eif/net-changes';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { undoIcEdits, useApplyClientView, useChangeLog } from '../eif/api.ts';
import { useClient } from '../../api/hooks.ts';
import { ConfirmDialog } from '../../ui/Dialogs.tsx';
import { EifStatusBadge, StampList } from '../eif/Eif.tsx';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { InviteOutsideSignerDialog } from '../eif/Signing.tsx';
import { attributeLabel, formatAnswer, groupByPlacement, labelBefore, placeAnswer } from '../eif/steps.ts';
import { pendingOf } from '../eif/view.ts';
import { entityLabel } from '@onboard/domain/eif/labels';
import type { ClientView } from '../../api/types.ts';
import {
  ADMIN_HOME_PATH,
  clientHistoryPath,
  clientEmailRulesPath,
  clientHubPath,
  clientReviewPath,
  pushToQpsPath,
} from '../../app/routes.ts';

// The client's lifecycle and setup checklist load with their own code.
const lifecycle = () => import('./LifecycleSection.tsx');
const LifecycleSection = lazy(() => lifecycle().then((m) => ({ default: m.LifecycleSection })));
const ManageFallback = lazy(() => lifecycle().then((m) => ({ default: m.ManageFallback })));

// The client's Explorer sites (below the fold) load with their own feature.
const ExplorerSitesSection = lazy(() =>
  import('../explorer-admin/ExplorerSitesSection.tsx').then((m) => ({ default: m.ExplorerSitesSection })),
);

const PlanSystemPanel = lazy(() => import('./PlanSystemPanel.tsx'));

/** The plan-system tools load when staff open them (the manage page's first load stays small). */
function PlanSystemCard({ clientId }: { clientId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  if (isOpen)
    return (
      <Suspense fallback={<PageSkeleton />}>
        <PlanSystemPanel clientId={clientId} />
      </Suspense>
    );
  return (
    <section className="card" aria-labelledby="plan-system-closed-title">
      <Heading level={2} id="plan-system-closed-title" className="card__title">
        Plan system
      </Heading>
      <p className="muted">
        Compare the client with its case in the carrier’s plan system, import or sync it, configure plans, and
        send the activation e-mails.
      </p>
      <div className="button-row card__actions">
        <Button className="button button--secondary" onPress={() => setIsOpen(true)}>
          Open the plan-system tools
        </Button>
      </div>
    </section>
  );
}
type Notice = { tone: 'success' | 'error'; text: string } | null;

const messageOf = (caught: unknown) => (caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);

/** The change log as net changes (onboarding §4 net-change rules), by sub-step. */
function ChangeLogSection({
  clientId,
  signedAt,
  client,
}: {
  clientId: string;
  signedAt: string | null;
  client: ClientView;
}) {
  const { data, error } = useChangeLog(clientId);
  if (error) return <ErrorPanel error={error} />;
  if (!data) return <PageSkeleton />;
  if (signedAt === null) return <p className="muted">The form is not signed yet: answers apply directly.</p>;
  // Before the signature every answer applied directly; the log of interest is what changed since.
  const nets = netChanges(data.filter((record) => record.createdAt > signedAt));
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

/** Staff view of one client (onboarding §2 /clients/admin/{clientId}/manage). */
export function ClientManagePage({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);
  const apply = useApplyClientView();
  const [isInviting, setIsInviting] = useState(false);
  const [isUndoing, setIsUndoing] = useState(false);
  const [isUndoPending, setIsUndoPending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const confirmUndo = async () => {
    setIsUndoPending(true);
    try {
      await apply(await undoIcEdits(clientId));
      setNotice({ tone: 'success', text: "The implementation consultant's pending edits were undone." });
    } catch (caught) {
      setNotice({ tone: 'error', text: messageOf(caught) });
    } finally {
      setIsUndoPending(false);
      setIsUndoing(false);
    }
  };

  if (error && !client)
    // A draft has no form yet: the fallback shows its lifecycle alone (otherwise the error).
    return (
      <Suspense fallback={<PageSkeleton />}>
        <ManageFallback clientId={clientId} error={error} />
      </Suspense>
    );
  if (!client)
    return (
      <div className="page">
        <PageSkeleton />
      </div>
    );
  const pending = pendingOf(client).length;

  return (
    <div className="page page--wide">
      <div className="page__header">
        <Link href={ADMIN_HOME_PATH} className="back-link">
          <span aria-hidden="true">←</span> All clients
        </Link>
        <div className="page__header--row">
          <Heading level={1}>{client.name}</Heading>
          <Link className="button button--secondary" href={clientHubPath(clientId)}>
            Open client hub
          </Link>
        </div>
      </div>
      {notice && (
        <Alert tone={notice.tone} testId="manage-notice">
          {notice.text}
        </Alert>
      )}
      <Suspense fallback={<PageSkeleton />}>
        <LifecycleSection clientId={clientId} />
      </Suspense>
      <section className="card" aria-labelledby="eif-title">
        <div className="card__header">
          <Heading level={2} id="eif-title" className="card__title">
            Employer Information Form
          </Heading>
          <EifStatusBadge client={client} />
        </div>
        <StampList client={client} />
        <div className="button-row card__actions">
          <Link className="button button--primary" href={clientReviewPath(clientId)}>
            Review changes{pending > 0 ? ` (${pending})` : ''}
          </Link>
          <Link className="button button--secondary" href={clientHistoryPath(clientId)}>
            EIF history
          </Link>
          <Link className="button button--secondary" href={clientEmailRulesPath(clientId)}>
            Notification rules
          </Link>
          <Link className="button button--secondary" href={pushToQpsPath(clientId)}>
            Push to plan system
          </Link>
          <Button className="button button--secondary" onPress={() => setIsInviting(true)}>
            Invite an outside signer
          </Button>
          <Button className="button button--danger" onPress={() => setIsUndoing(true)}>
            Undo IC edits
          </Button>
        </div>
      </section>
      <section className="card" aria-labelledby="log-title">
        <Heading level={2} id="log-title" className="card__title">
          Change log
        </Heading>
        <p className="muted">
          The net effect of the changes made since the form was signed, per answer, with their review status.
        </p>
        <ChangeLogSection clientId={clientId} signedAt={client.eifSignedAt ?? null} client={client} />
      </section>
      <PlanSystemCard clientId={clientId} />
      <Suspense fallback={<PageSkeleton />}>
        <ExplorerSitesSection clientId={clientId} />
      </Suspense>

      <InviteOutsideSignerDialog
        clientId={clientId}
        isSigned={Boolean(client.eifSignedAt)}
        isOpen={isInviting}
        onOpenChange={setIsInviting}
        onSent={(email) => setNotice({ tone: 'success', text: `An invitation was sent to ${email}.` })}
      />
      <ConfirmDialog
        title="Undo IC edits"
        isOpen={isUndoing}
        isPending={isUndoPending}
        message="Undo every pending change the implementation consultants made after the form was signed? The client's own pending changes stay."
        confirmLabel="Undo edits"
        onCancel={() => setIsUndoing(false)}
        onConfirm={() => void confirmUndo()}
      />
    </div>
  );
}
