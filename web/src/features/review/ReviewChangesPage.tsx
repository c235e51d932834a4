import { useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { errorMessage } from '../../api/errors.ts';
import { useAction } from '../../api/action.ts';
import {
  acceptChanges,
  declineChanges,
  useApplyClientView,
  useNetChanges,
  type ChangeChoice,
  type NetChange,
} from '../eif/api.ts';
import type { ClientView } from '../../api/types.ts';
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
import { NoticeAlert } from '../../ui/Feedback.tsx';
import { pendingOf, pendingReviewCountOf } from '../eif/view.ts';
import { clientHistoryPath, clientManagePath } from '../../app/routes.ts';
import { QueryFallback, QueryState } from '../../ui/QueryState.tsx';

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
  const [notice, setNotice] = useState<Notice>(null);
  const accepting = useAction(
    async (decision: Decision, _key: string) => {
      setNotice(null);
      await apply(await acceptChanges(clientId, decision.choice));
    },
    {
      onSuccess: (_, decision) =>
        setNotice({ tone: 'success', text: `Accepted ${changesText(decision.count)}.` }),
      onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught) }),
    },
  );

  if (!client) return <QueryFallback error={error} isPage />;
  const count = pendingReviewCountOf(client);
  // Changes that net out (an entity added and removed again) have no net change, yet wait for a decision.
  const waiting = pendingOf(client).length;
  const all: Decision = { choice: { changeIds: 'all' }, what: 'all', count: Math.max(count, 1) };
  const decisions: Decisions = {
    busy: accepting.pendingArgs?.[1] ?? null,
    accept: (decision, key) => void accepting.run(decision, key),
    decline: setDeclining,
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
      <NoticeAlert notice={notice} testId="review-notice" />
      <section className="card" aria-labelledby="pending-title">
        <div className="card__header">
          <Heading level={2} id="pending-title" className="card__title">
            Pending changes ({count})
          </Heading>
          {waiting > 0 && (
            <div className="button-row">
              <DecisionButtons decision={all} decisions={decisions} labels={['Accept all', 'Decline all']} />
            </div>
          )}
        </div>
        <QueryState data={nets} error={netError} staleError="above">
          {(loaded) => (
            <PendingChanges
              client={client}
              pending={pendingNetChanges(loaded, client)}
              waiting={waiting}
              decisions={decisions}
            />
          )}
        </QueryState>
      </section>
      <DeclineDialog declining={declining} onDecline={decline} onClose={() => setDeclining(null)} />
    </div>
  );
}

/** The review's decisions: which one is under way (its key), accepting one, and asking why one is declined. */
type Decisions = {
  busy: string | null;
  accept: (decision: Decision, key: string) => void;
  decline: (decision: Decision) => void;
};

/** Accept and decline of one decision; `decisionKey` names it while it is under way. */
function DecisionButtons({
  decision,
  decisionKey = 'all',
  decisions,
  labels,
  isSmall = false,
  acceptTone = 'primary',
}: {
  decision: Decision;
  decisionKey?: string;
  decisions: Decisions;
  labels: [accept: string, decline: string];
  isSmall?: boolean;
  acceptTone?: 'primary' | 'secondary';
}) {
  const size = isSmall ? 'button button--small' : 'button';
  // One answer or entity names what it decides for a screen reader; "all" reads as its label.
  const isAll = decision.what === 'all';
  return (
    <>
      <Button
        className={`${size} button--${acceptTone}`}
        aria-label={isAll ? undefined : `Accept ${decision.what}`}
        isPending={decisions.busy === decisionKey}
        isDisabled={decisions.busy !== null}
        onPress={() => decisions.accept(decision, decisionKey)}
      >
        {labels[0]}
      </Button>
      <Button
        className={`${size} button--secondary`}
        aria-label={isAll ? undefined : `Decline ${decision.what}`}
        isDisabled={decisions.busy !== null}
        onPress={() => decisions.decline(decision)}
      >
        {labels[1]}
      </Button>
    </>
  );
}

/** The pending net changes, each entity and (when decided answer by answer) each answer with its decisions. */
function PendingChanges({
  client,
  pending,
  waiting,
  decisions,
}: {
  client: ClientView;
  pending: NetChange[];
  waiting: number;
  decisions: Decisions;
}) {
  return (
    <>
      {pending.length === 0 && waiting > 0 && (
        <p className="muted" data-testid="netted-out">
          The changes waiting for review cancel each other out (something added and removed again). Accept or
          decline them all to close the review.
        </p>
      )}
      {waiting === 0 ? (
        <p className="muted" data-testid="no-pending">
          There are no changes waiting for review. Past decisions are in the{' '}
          <Link className="text-link" href={clientHistoryPath(client.id)}>
            EIF history
          </Link>
          .
        </p>
      ) : (
        <NetChangeGroups
          changes={pending}
          client={client}
          actions={(net) => (
            <DecisionButtons
              decision={{
                choice: { changeIds: net.pendingChangeIds },
                what: `the change to ${netChangeName(net, client)}`,
                count: 1,
              }}
              decisionKey={`${net.entity}:${net.entityId}`}
              decisions={decisions}
              labels={['Accept', 'Decline']}
              isSmall
            />
          )}
          answerActions={(net, detail) => (
            <DecisionButtons
              decision={{
                choice: { answers: [answerOf(net, detail)] },
                what: `the change to ${answerName(net, detail, client)}`,
                count: 1,
              }}
              decisionKey={`${net.entity}:${net.entityId}:${detail.attributeKey}`}
              decisions={decisions}
              labels={['Accept answer', 'Decline answer']}
              isSmall
              acceptTone="secondary"
            />
          )}
        />
      )}
    </>
  );
}

/** Why the chosen changes are declined: the client reads the reason. */
function DeclineDialog({
  declining,
  onDecline,
  onClose,
}: {
  declining: Decision | null;
  onDecline: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      title="Decline changes"
      isOpen={declining !== null}
      onOpenChange={(open) => !open && onClose()}
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
          onDecline={onDecline}
          onCancel={onClose}
        />
      )}
    </ModalDialog>
  );
}
