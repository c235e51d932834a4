import { useState } from 'react';
import { Button, Heading, Link } from 'react-aria-components';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import {
  acceptChanges,
  declineChanges,
  useApplyClientView,
  useNetChanges,
  type ChangeSelection,
} from '../eif/api.ts';
import { useClient } from '../../api/hooks.ts';
import { DeclineReasonForm } from './DeclineReasonForm.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { EditStateBanner, EifStatusBadge } from '../eif/Eif.tsx';
import { NetChangeGroups, netChangeName, pendingNetChanges } from '../eif/NetChanges.tsx';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { pendingOf } from '../eif/view.ts';
import { clientHistoryPath, clientManagePath } from '../../app/routes.ts';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** One net change is one change to the reader, however many edits it nets. */
const countText = (selection: ChangeSelection, total: number) => {
  const n = selection === 'all' ? Math.max(total, 1) : 1;
  return `${n} ${n === 1 ? 'change' : 'changes'}`;
};

/**
 * Review of the changes made after signing (onboarding §4): each entity's pending net change (the
 * net-changes read model) under its step and sub-step with the value it replaces, who made it last and
 * when; accept or decline one (every change it nets) or all.
 */
export function ReviewChangesPage({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);
  const { data: nets, error: netError } = useNetChanges(clientId, client?.version);
  const apply = useApplyClientView();
  const [declining, setDeclining] = useState<ChangeSelection | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  if (error && !client)
    return (
      <div className="page">
        <ErrorPanel error={error} />
      </div>
    );
  if (!client)
    return (
      <div className="page">
        <PageSkeleton />
      </div>
    );
  const pending = pendingNetChanges(nets, client);
  // Changes that net out (an entity added and removed again) have no net change, yet wait for a decision.
  const waiting = pendingOf(client).length;

  const accept = async (selection: ChangeSelection) => {
    setBusy(selection === 'all' ? 'all' : selection[0]!);
    setNotice(null);
    try {
      await apply(await acceptChanges(clientId, selection));
      setNotice({ tone: 'success', text: `Accepted ${countText(selection, pending.length)}.` });
    } catch (caught) {
      setNotice({ tone: 'error', text: caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setBusy(null);
    }
  };

  const decline = async (reason: string) => {
    if (!declining) return;
    const view = await declineChanges(clientId, declining, reason);
    await apply(view);
    setNotice({ tone: 'success', text: `Declined ${countText(declining, pending.length)}.` });
    setDeclining(null);
  };

  return (
    <div className="page page--wide">
      <div className="page__header">
        <Link href={clientManagePath(clientId)} className="back-link">
          <span aria-hidden="true">←</span> {client.name}
        </Link>
        <div className="page__header--row">
          <Heading level={1}>Review changes</Heading>
          <EifStatusBadge client={client} />
        </div>
      </div>
      <EditStateBanner client={client} audience="staff" />
      {notice && (
        <Alert tone={notice.tone} testId="review-notice">
          {notice.text}
        </Alert>
      )}
      <section className="card" aria-labelledby="pending-title">
        <div className="card__header">
          <Heading level={2} id="pending-title" className="card__title">
            Pending changes ({pending.length})
          </Heading>
          {waiting > 0 && (
            <div className="button-row">
              <Button
                className="button button--primary"
                isPending={busy === 'all'}
                isDisabled={busy !== null}
                onPress={() => void accept('all')}
              >
                Accept all
              </Button>
              <Button
                className="button button--secondary"
                isDisabled={busy !== null}
                onPress={() => setDeclining('all')}
              >
                Decline all
              </Button>
            </div>
          )}
        </div>
        {netError && <ErrorPanel error={netError} />}
        {!nets && !netError && <PageSkeleton />}
        {nets && pending.length === 0 && waiting > 0 && (
          <p className="muted" data-testid="netted-out">
            The changes waiting for review cancel each other out (something added and removed again). Accept
            or decline them all to close the review.
          </p>
        )}
        {nets && waiting === 0 ? (
          <p className="muted" data-testid="no-pending">
            There are no changes waiting for review. Past decisions are in the{' '}
            <Link className="text-link" href={clientHistoryPath(clientId)}>
              EIF history
            </Link>
            .
          </p>
        ) : (
          <NetChangeGroups
            changes={pending}
            client={client}
            actions={(net) => (
              <>
                <Button
                  className="button button--small button--primary"
                  aria-label={`Accept the change to ${netChangeName(net, client)}`}
                  isPending={busy === net.pendingChangeIds[0]}
                  isDisabled={busy !== null}
                  onPress={() => void accept(net.pendingChangeIds)}
                >
                  Accept
                </Button>
                <Button
                  className="button button--small button--secondary"
                  aria-label={`Decline the change to ${netChangeName(net, client)}`}
                  isDisabled={busy !== null}
                  onPress={() => setDeclining(net.pendingChangeIds)}
                >
                  Decline
                </Button>
              </>
            )}
          />
        )}
      </section>
      <ModalDialog
        title="Decline changes"
        isOpen={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
      >
        {declining && (
          <DeclineReasonForm
            intro={
              <p>
                Decline {countText(declining, pending.length)}? The signed answers stay as they are, and the
                client sees your reason.
              </p>
            }
            label="Reason for declining"
            submitLabel="Decline"
            onDecline={decline}
            onCancel={() => setDeclining(null)}
          />
        )}
      </ModalDialog>
    </div>
  );
}
