import { useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { signEif, submitChangesForReview, useNetChanges } from '../eif/api.ts';
import { useApplyLifecycleView } from '../eif/signer-api.ts';
import { useClient } from '../../api/hooks.ts';
import type { AuthenticatedUser, ClientView } from '../../api/types.ts';
import { ConfirmDialog } from '../../ui/Dialogs.tsx';
import { DownloadSummaryButton, EditStateBanner, EifStatusBadge, FormSummary } from '../eif/Eif.tsx';
import { NetChangeGroups, pendingNetChanges } from '../eif/NetChanges.tsx';
import { NoticeAlert } from '../../ui/Feedback.tsx';
import { useEditingView } from '../eif/forms/api.ts';
import { EifLayout } from '../eif/forms/EifLayout.tsx';
import { editStateOf, isSigned, pendingOf, pendingReviewCountOf } from '../eif/view.ts';
import { clientReviewPath, pushToQpsPath } from '../../app/routes.ts';
import { isAdminRole } from '../../api/types.ts';
import { decideSigner, signerSettingOf, missingAnswers, type MissingAnswer } from '@onboard/domain/web';
import { InviteOutsideSignerDialog, SignerSettingPanel } from '../eif/Signing.tsx';
import { MissingAnswersList } from '../eif/MissingAnswers.tsx';
import { asDomainView } from '../eif/forms/status.ts';
import { eifSubStepPath } from '../eif/forms/navigation.ts';
import { QueryFallback } from '../../ui/QueryState.tsx';

type Notice = { tone: 'success' | 'error'; text: string } | null;

function Actions({
  client,
  user,
  missing,
}: {
  client: ClientView;
  user: AuthenticatedUser;
  missing: readonly MissingAnswer[];
}) {
  const apply = useApplyLifecycleView();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [isInviting, setIsInviting] = useState(false);
  const pending = pendingOf(client);
  // The server's own rule (command-api eif/sign), so the button shows exactly for whom it will work.
  const signing = decideSigner(signerSettingOf(client), { userId: user.id, role: user.role });
  const isStaff = isAdminRole(user.role);

  const run = async (action: () => Promise<ClientView>, done: string) => {
    setIsPending(true);
    setNotice(null);
    try {
      await apply(await action());
      setNotice({ tone: 'success', text: done });
    } catch (caught) {
      setNotice({ tone: 'error', text: caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setIsPending(false);
      setIsConfirming(false);
    }
  };

  // Signing needs every required answer (the server refuses otherwise); the list above says which.
  const canSign = !isSigned(client) && signing.ok && missing.length === 0;
  // Whoever may sign may ask someone outside the portal to sign instead; staff may always.
  const canInvite = !isSigned(client) && (signing.ok || isStaff);
  const canSubmit = isSigned(client) && pending.length > 0 && editStateOf(client) !== 'ready-for-review';

  return (
    <div className="sign-panel">
      <NoticeAlert notice={notice} testId="submit-notice" />
      {!isSigned(client) && isStaff && (
        <>
          <SignerSettingPanel client={client} />
          <p className="muted">
            The authorized signer signs the form here, or an outside signer signs through the link you send
            them.
          </p>
        </>
      )}
      {!isSigned(client) && !isStaff && !signing.ok && (
        <p className="muted" data-testid="not-signer">
          {signing.message}.
        </p>
      )}
      <div className="button-row">
        {isAdminRole(user.role) && (
          <Link className="button button--secondary" href={clientReviewPath(client.id)}>
            Review changes{pending.length > 0 ? ` (${pendingReviewCountOf(client)})` : ''}
          </Link>
        )}
        {/* Pushing is staff's work (command-api qps) and comes once the client has signed. */}
        {isAdminRole(user.role) && isSigned(client) && (
          <Link className="button button--secondary" href={pushToQpsPath(client.id)}>
            Push to plan system
          </Link>
        )}
        {canSign && (
          <Button className="button button--primary" onPress={() => setIsConfirming(true)}>
            Sign the form
          </Button>
        )}
        {canInvite && (
          <Button className="button button--secondary" onPress={() => setIsInviting(true)}>
            Invite an outside signer
          </Button>
        )}
        {canSubmit && (
          <Button
            className="button button--primary"
            isPending={isPending}
            onPress={() =>
              void run(
                () => submitChangesForReview(client.id),
                'Your changes were submitted. Your implementation consultant will review them.',
              )
            }
          >
            Submit changes for review
          </Button>
        )}
      </div>
      <ConfirmDialog
        title="Sign the Employer Information Form"
        isOpen={isConfirming}
        isPending={isPending}
        message="By signing you confirm that the answers are complete and correct. Changes made after signing are reviewed by your implementation consultant before they apply."
        confirmLabel="Sign"
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => void run(() => signEif(client.id), 'Thank you. The form is signed.')}
      />
      <InviteOutsideSignerDialog
        clientId={client.id}
        isSigned={Boolean(client.eifSignedAt)}
        stepId="review-&-submit"
        isOpen={isInviting}
        onOpenChange={setIsInviting}
        onSent={(email) =>
          setNotice({ tone: 'success', text: `An invitation to sign was sent to ${email}.` })
        }
      />
    </div>
  );
}

/** EIF step review-&-submit: the whole form, what is pending, and signing or submitting changes. */
export function ReviewSubmitPage({ clientId, user }: { clientId: string; user: AuthenticatedUser }) {
  const { data: client, error } = useClient(clientId);
  const { data: view, error: viewError } = useEditingView(clientId);
  const { data: nets } = useNetChanges(clientId, client?.version);
  const pending = client ? pendingNetChanges(nets, client) : [];
  const missing = client && !isSigned(client) ? missingAnswers(asDomainView(view ?? client)) : [];
  return (
    <EifLayout clientId={clientId} view={view} error={viewError} place={{ page: 'review' }}>
      {() => (
        <section className="card step-card" aria-labelledby="step-title">
          <p className="eyebrow">Review &amp; submit</p>
          <div className="card__header">
            <Heading level={2} id="step-title" className="step-card__title">
              Review your answers
            </Heading>
            {client && <EifStatusBadge client={client} />}
          </div>
          {!client && <QueryFallback error={error} />}
          {client && (
            <>
              <EditStateBanner client={client} />
              <MissingAnswersList
                missing={missing}
                intro="The form can be signed once every required question is answered. Open a section to answer its questions."
                hrefOf={(item) => eifSubStepPath(client.id, item.stepId, item.subStepId)}
              />
              <FormSummary client={client} editable />
              {pending.length > 0 && (
                <>
                  <Heading level={3} className="summary__step">
                    Changes pending review ({pendingReviewCountOf(client)})
                  </Heading>
                  <NetChangeGroups changes={pending} client={client} />
                </>
              )}
              <div className="button-row">
                <DownloadSummaryButton clientId={client.id}>Download summary (PDF)</DownloadSummaryButton>
              </div>
              <Actions client={client} user={user} missing={missing} />
            </>
          )}
        </section>
      )}
    </EifLayout>
  );
}
