import { useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import {
  acceptChanges,
  declineChanges,
  useApplyClientView,
  useNetChanges,
  type ChangeChoice,
} from '../eif/api.ts';
import { useClient } from '../../api/hooks.ts';
import { DeclineReasonForm } from './DeclineReasonForm.tsx';
import { SignaturesCard } from '../eif/Signatures.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { EditStateBanner, EifStatusBadge } from '../eif/Eif.tsx';
import {
  NetChangeGroups,
  answerName,
  answerOf,
  netChangeName,
  pendingNetChanges,
} from '../eif/NetChanges.tsx';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { pendingOf, pendingReviewCountOf } from '../eif/view.ts';
import { clientHistoryPath, clientManagePath } from '../../app/routes.ts';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** A decision in words: what it is about, and how many changes that is (the one count of the read model). */
type Decision = { choice: ChangeChoice; what: string; count: number };

const changesText = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

/**
 * Review of the changes made after signing (onboarding §4): each entity's pending net change (the
 * net-changes read model) under its step and sub-step with the value it replaces and, per answer, who
 * changed it and when; accept or decline one answer, one entity (every change it nets) or all.
 */
export function ReviewChangesPage({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);
  const { data: nets, error: netError } = useNetChanges(clientId, client?.version);
  const apply = useApplyClientView();
  const [declining, setDeclining] = useState<Decision | null>(null);
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
  const count = pendingReviewCountOf(client);
  // Changes that net out (an entity added and removed again) have no net change, yet wait for a decision.
  const waiting = pendingOf(client).length;
  const all: Decision = { choice: { changeIds: 'all' }, what: 'all', count: Math.max(count, 1) };

  const accept = async (decision: Decision, key: string) => {
    setBusy(key);
    setNotice(null);
    try {
      await apply(await acceptChanges(clientId, decision.choice));
      setNotice({
        tone: 'success',
        text: `Accepted ${changesText(decision.count)}.`,
      });
    } catch (caught) {
      setNotice({ tone: 'error', text: caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setBusy(null);
    }
  };

  const decline = async (reason: string) => {
    if (!declining) return;
    const view = await declineChanges(clientId, declining.choice, reason);
    await apply(view);
    setNotice({
      tone: 'success',
      text: `Declined ${changesText(declining.count)}.`,
    });
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
      <SignaturesCard clientId={clientId} />
      {notice && (
        <Alert tone={notice.tone} testId="review-notice">
          {notice.text}
        </Alert>
      )}
      <section className="card" aria-labelledby="pending-title">
        <div className="card__header">
          <Heading level={2} id="pending-title" className="card__title">
            Pending changes ({count})
          </Heading>
          {waiting > 0 && (
            <div className="button-row">
              <Button
                className="button button--primary"
                isPending={busy === 'all'}
                isDisabled={busy !== null}
                onPress={() => void accept(all, 'all')}
              >
                Accept all
              </Button>
              <Button
                className="button button--secondary"
                isDisabled={busy !== null}
                onPress={() => setDeclining(all)}
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
            actions={(net) => {
              const entity: Decision = {
                choice: { changeIds: net.pendingChangeIds },
                what: `the change to ${netChangeName(net, client)}`,
                count: 1,
              };
              const key = `${net.entity}:${net.entityId}`;
              return (
                <>
                  <Button
                    className="button button--small button--primary"
                    aria-label={`Accept ${entity.what}`}
                    isPending={busy === key}
                    isDisabled={busy !== null}
                    onPress={() => void accept(entity, key)}
                  >
                    Accept
                  </Button>
                  <Button
                    className="button button--small button--secondary"
                    aria-label={`Decline ${entity.what}`}
                    isDisabled={busy !== null}
                    onPress={() => setDeclining(entity)}
                  >
                    Decline
                  </Button>
                </>
              );
            }}
            answerActions={(net, detail) => {
              const answer: Decision = {
                choice: { answers: [answerOf(net, detail)] },
                what: `the change to ${answerName(net, detail, client)}`,
                count: 1,
              };
              const key = `${net.entity}:${net.entityId}:${detail.attributeKey}`;
              return (
                <>
                  <Button
                    className="button button--small button--secondary"
                    aria-label={`Accept ${answer.what}`}
                    isPending={busy === key}
                    isDisabled={busy !== null}
                    onPress={() => void accept(answer, key)}
                  >
                    Accept answer
                  </Button>
                  <Button
                    className="button button--small button--secondary"
                    aria-label={`Decline ${answer.what}`}
                    isDisabled={busy !== null}
                    onPress={() => setDeclining(answer)}
                  >
                    Decline answer
                  </Button>
                </>
              );
            }}
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
                Decline {declining.what === 'all' ? changesText(declining.count) : declining.what}? The signed
                answers stay as they are, and the client sees your reason.
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
