import { useState } from 'react';
import { useAtom } from '../../state/store.ts';
import { Button, Heading } from '../../ui/controls.ts';
import { useLocation } from 'wouter';
import { useSWRConfig } from 'swr';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import {
  actAsOutsideSigner,
  confirmAsOutsideSigner,
  outsideSignerKey,
  useOutsideSigner,
  useOutsideSignerNetChanges,
  type AnswerRef,
  type OutsideSignerView,
} from '../eif/api.ts';
import { DeclineReasonForm } from './DeclineReasonForm.tsx';
import { ChangesSinceSigned } from '../eif/Signatures.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { EifStatusBadge, FormSummary } from '../eif/Eif.tsx';
import { NetChangeGroups, answerName, answerOf, pendingNetChanges } from '../eif/NetChanges.tsx';
import { pendingReviewCountOf } from '../eif/view.ts';
import { Alert, PageSkeleton } from '../../ui/Feedback.tsx';
import { outsideSignerSummaryPath } from '../../app/routes.ts';
import { outsideSignerOutcomeAtom, type OutsideSignerOutcome } from '../../state/atoms.ts';
import { missingAnswers } from '@onboard/domain/web';
import { MissingAnswersList } from '../eif/MissingAnswers.tsx';
import { asDomainView } from '../eif/forms/status.ts';

const messageOf = (caught: unknown) => (caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);

function SignerForm({
  clientId,
  actionId,
  view,
}: {
  clientId: string;
  actionId: string;
  view: OutsideSignerView;
}) {
  const [, setOutcome] = useAtom(outsideSignerOutcomeAtom);
  const [, navigate] = useLocation();
  const [isPending, setIsPending] = useState(false);
  const [isDeclining, setIsDeclining] = useState(false);
  /** One answer being declined, with its name in words. */
  const [decliningAnswer, setDecliningAnswer] = useState<{ answer: AnswerRef; what: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { mutate } = useSWRConfig();
  const { signer, client, signing } = view;
  const isUpdates = signer.stepId === 'review-&-submit-updates';
  // A signing link on a signed form: the signer confirms the changes to what they signed, or countersigns.
  const isConfirming = !isUpdates && signing.toConfirm.length > 0;
  const { data: nets } = useOutsideSignerNetChanges(clientId, actionId, client.version);
  const pending = pendingNetChanges(nets, client);
  // A form with required answers still open cannot be signed: say what is missing, not just refuse.
  const missing = isUpdates || client.eifStatus === 'signed' ? [] : missingAnswers(asDomainView(client));

  const finish = (kind: OutsideSignerOutcome['kind'], after: OutsideSignerView['client']) => {
    setOutcome({ clientId, kind, signerName: `${signer.firstName} ${signer.lastName}`, client: after });
    navigate(outsideSignerSummaryPath(clientId), { replace: true });
  };

  const confirm = async () => {
    setIsPending(true);
    setFailure(null);
    try {
      await confirmAsOutsideSigner(clientId, actionId);
      finish('confirmed', client);
    } catch (caught) {
      setFailure(messageOf(caught));
      setIsPending(false);
    }
  };

  const act = async (kind: 'signed' | 'accepted') => {
    setIsPending(true);
    setFailure(null);
    try {
      const { client: after } = await actAsOutsideSigner(
        clientId,
        actionId,
        kind === 'signed' ? 'sign' : 'accept-updates',
      );
      finish(kind, after);
    } catch (caught) {
      setFailure(messageOf(caught));
      setIsPending(false);
    }
  };

  /**
   * A decision on one answer: the page stays, showing what is left, until nothing is left to review; then
   * it ends as a decision on all of them would (accepted, or declined when anything was declined).
   */
  const decideAnswer = async (
    action: 'accept-updates' | 'decline-updates',
    answer: AnswerRef,
    what: string,
    reason?: string,
  ) => {
    setFailure(null);
    setNotice(null);
    const body = reason === undefined ? { answers: [answer] } : { answers: [answer], reason };
    const { client: after } = await actAsOutsideSigner(clientId, actionId, action, body);
    if ((after.pendingChanges ?? []).length === 0) {
      finish(action === 'decline-updates' || after.deifChangesDeclinedAt ? 'declined' : 'accepted', after);
      return;
    }
    await mutate(outsideSignerKey(clientId, actionId), { ...view, client: after }, { revalidate: false });
    setNotice(`${action === 'accept-updates' ? 'Accepted' : 'Declined'} the change to ${what}.`);
  };

  return (
    <>
      <div className="page__header">
        <p className="eyebrow">Employer Information Form</p>
        <div className="page__header--row">
          <Heading level={1}>{client.name}</Heading>
          <EifStatusBadge client={client} />
        </div>
        <p className="muted">
          Hello {signer.firstName}, you were asked to{' '}
          {isUpdates
            ? 'review the updates made to this form after it was signed.'
            : isConfirming
              ? 'confirm the changes made to what you signed.'
              : 'review and sign this form.'}
        </p>
        {!isUpdates && !isConfirming && (
          <p className="muted" data-testid="signed-sections">
            You sign: {signing.sections.join(', ')}.
          </p>
        )}
      </div>
      {isConfirming && (
        <ChangesSinceSigned
          title={`Changes since you signed (${signing.toConfirm.length})`}
          answers={signing.toConfirm}
        />
      )}
      {isUpdates && (
        <div className="alert alert--info" role="status" data-testid="updates-notice">
          Your implementation consultant changed some sections of the form. Review the changes below, then
          accept or decline them.
        </div>
      )}
      {isUpdates && (
        <section className="card" aria-labelledby="updates-title">
          <Heading level={2} id="updates-title" className="card__title">
            Updates to review ({pendingReviewCountOf(client)})
          </Heading>
          {!nets ? (
            <PageSkeleton />
          ) : pending.length === 0 ? (
            <p className="muted">There are no updates waiting for review.</p>
          ) : (
            <NetChangeGroups
              changes={pending}
              client={client}
              answerActions={(net, detail) => {
                const what = answerName(net, detail, client);
                return (
                  <>
                    <Button
                      className="button button--small button--secondary"
                      aria-label={`Accept the change to ${what}`}
                      isDisabled={isPending}
                      onPress={() =>
                        void decideAnswer('accept-updates', answerOf(net, detail), what).catch((caught) =>
                          setFailure(messageOf(caught)),
                        )
                      }
                    >
                      Accept answer
                    </Button>
                    <Button
                      className="button button--small button--secondary"
                      aria-label={`Decline the change to ${what}`}
                      isDisabled={isPending}
                      onPress={() => setDecliningAnswer({ answer: answerOf(net, detail), what })}
                    >
                      Decline answer
                    </Button>
                  </>
                );
              }}
            />
          )}
        </section>
      )}
      <MissingAnswersList
        missing={missing}
        intro="Some required questions are not answered yet, so the form cannot be signed. The benefits administrator answers them in the portal; this page shows the answers as soon as they are saved. Each section below links to its place in the summary."
        hrefOf={(item) => `#summary-sub-${item.subStepId}`}
        isInPage
      />
      {!isConfirming && (
        <section className="card" aria-labelledby="summary-title">
          <Heading level={2} id="summary-title" className="card__title">
            Form summary
          </Heading>
          <FormSummary client={client} />
        </section>
      )}
      {notice && (
        <Alert tone="success" testId="signer-notice">
          {notice}
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="button-row signer-actions">
        {isUpdates ? (
          <>
            <Button
              className="button button--primary"
              isPending={isPending}
              onPress={() => void act('accepted')}
            >
              Accept updates
            </Button>
            <Button
              className="button button--secondary"
              isDisabled={isPending}
              onPress={() => setIsDeclining(true)}
            >
              Decline updates
            </Button>
          </>
        ) : isConfirming ? (
          <Button className="button button--primary" isPending={isPending} onPress={() => void confirm()}>
            Confirm these changes
          </Button>
        ) : (
          <Button
            className="button button--primary"
            isPending={isPending}
            isDisabled={missing.length > 0}
            onPress={() => void act('signed')}
          >
            Sign
          </Button>
        )}
      </div>
      <ModalDialog title="Decline the updates" isOpen={isDeclining} onOpenChange={setIsDeclining}>
        <DeclineReasonForm
          label="Why are you declining the updates?"
          submitLabel="Decline updates"
          onCancel={() => setIsDeclining(false)}
          onDecline={async (reason) => {
            const { client: after } = await actAsOutsideSigner(clientId, actionId, 'decline-updates', {
              reason,
            });
            finish('declined', after);
          }}
        />
      </ModalDialog>
      <ModalDialog
        title="Decline one answer"
        isOpen={decliningAnswer !== null}
        onOpenChange={(open) => !open && setDecliningAnswer(null)}
      >
        {decliningAnswer && (
          <DeclineReasonForm
            intro={<p>Decline the change to {decliningAnswer.what}? The signed answer stays as it is.</p>}
            label="Why are you declining this change?"
            submitLabel="Decline"
            onCancel={() => setDecliningAnswer(null)}
            onDecline={async (reason) => {
              await decideAnswer('decline-updates', decliningAnswer.answer, decliningAnswer.what, reason);
              setDecliningAnswer(null);
            }}
          />
        )}
      </ModalDialog>
    </>
  );
}

/** /client/{clientId}/outside-signer/{actionId}: no sign-in, the e-mailed action id is the authority. */
export function OutsideSignerPage({ clientId, actionId }: { clientId: string; actionId: string }) {
  const { data, error } = useOutsideSigner(clientId, actionId);
  return (
    <div className="page">
      {error && (
        <section className="card" data-testid="signer-link-error">
          <Heading level={1} className="card__title">
            This link can't be used
          </Heading>
          <Alert tone="error">{messageOf(error)}</Alert>
          <p className="muted">Ask your implementation consultant to send you a new invitation.</p>
        </section>
      )}
      {!data && !error && <PageSkeleton />}
      {data && <SignerForm clientId={clientId} actionId={actionId} view={data} />}
    </div>
  );
}

const THANKS: Record<OutsideSignerOutcome['kind'], { title: string; text: string }> = {
  accepted: {
    title: 'Thank you for accepting the updates',
    text: 'The updated form is now the signed version. You can keep a copy of it for your records.',
  },
  declined: {
    title: 'Thank you',
    text: 'Your provider is reviewing your responses and will be in touch about the updates you declined.',
  },
  signed: {
    title: 'Thank you for signing',
    text: 'The form is signed. You can keep a copy of it for your records.',
  },
  confirmed: {
    title: 'Thank you for confirming the changes',
    text: 'Your confirmation is recorded with the form. You can keep a copy of it for your records.',
  },
};

/** /client/{clientId}/outside-signer/eif-summary: the thank-you screens of explorer §4, with a copy. */
export function OutsideSignerSummaryPage({ clientId }: { clientId: string }) {
  const [outcome] = useAtom(outsideSignerOutcomeAtom);
  if (!outcome || outcome.clientId !== clientId) {
    return (
      <div className="page">
        <section className="card">
          <Heading level={1} className="card__title">
            Employer Information Form
          </Heading>
          <p>Open the link in the e-mail you received to review the form.</p>
        </section>
      </div>
    );
  }
  const thanks = THANKS[outcome.kind];
  const offersCopy = outcome.kind !== 'declined';
  return (
    <div className="page">
      <section className="card thanks" data-testid="signer-thanks" data-outcome={outcome.kind}>
        <span className="thanks__mark" aria-hidden="true">
          ✓
        </span>
        <Heading level={1}>{thanks.title}</Heading>
        <p>{thanks.text}</p>
        {offersCopy && (
          <Button className="button button--secondary no-print" onPress={() => window.print()}>
            Print a copy
          </Button>
        )}
      </section>
      {offersCopy && (
        <section className="card" aria-labelledby="copy-title">
          <Heading level={2} id="copy-title" className="card__title">
            {outcome.client.name} · Employer Information Form
          </Heading>
          <FormSummary client={outcome.client} />
        </section>
      )}
    </div>
  );
}
