import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { clientKey } from '../../api/hooks.ts';
import { ADMIN_HOME_PATH } from '../../app/routes.ts';
import { ConfirmDialog, ModalDialog } from '../../ui/Dialogs.tsx';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { formatWhen } from '../../ui/format.ts';
import { formatDay, personName } from '../welcome/format.ts';
import {
  completeSetupStep,
  deleteClient,
  runLifecycleAction,
  setReleaseStatus,
  useApplyLifecycle,
  useClientLifecycle,
  useReloadLifecycle,
} from './lifecycle-api.ts';
import {
  CONFLICT_MESSAGE,
  IMPLEMENTATION_TYPE_LABELS,
  isConflict,
  isDeleteRefusedAsSigned,
  lifecycleStates,
  messageOf,
  type ClientLifecycleView,
} from './lifecycle-model.ts';
import './lifecycle.css';
import { QueryFallback } from '../../ui/QueryState.tsx';

// The profile form (and its select control) loads when staff open it.
const EditClientDialog = lazy(() =>
  import('./EditClientDialog.tsx').then((m) => ({ default: m.EditClientDialog })),
);

/** Every cached page of the staff's client list (an archived or deleted client leaves it). */
const isClientListKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/clients?');

type Notice = { tone: 'success' | 'error' | 'warning'; text: string } | null;

type Write = (version: number) => Promise<ClientLifecycleView>;

function ProfileAnswers({ view }: { view: ClientLifecycleView }) {
  const consultant = view.slfImplementationConsultant;
  const row = (label: string, value: ReactNode) => (
    <div className="answer">
      <dt className="answer__label">{label}</dt>
      <dd className="answer__value">{value}</dd>
    </div>
  );
  return (
    <dl className="answers answers--compact" data-testid="lifecycle-profile">
      {row('Ticket', view.ticketId ?? <span className="muted">None</span>)}
      {row('Implementation type', IMPLEMENTATION_TYPE_LABELS[view.implementationType])}
      {row(
        'Implementation consultant',
        consultant ? (
          <span>
            {personName(consultant)} <span className="muted">({consultant.email})</span>
          </span>
        ) : (
          <span className="muted">Not chosen yet</span>
        ),
      )}
      {row('Test client', view.isTest ? 'Yes' : 'No')}
      {row(
        'Policies',
        view.policies.length === 0 ? (
          <span className="muted">None yet</span>
        ) : (
          <ul className="plain-list">
            {view.policies.map((policy) => (
              <li key={policy.policyId}>
                <strong>{policy.slfPolicyNumber}</strong>: {policy.slfCoverages.join(', ') || 'no coverage'}
                {policy.policyEffective && (
                  <span className="muted"> · effective {formatDay(policy.policyEffective)}</span>
                )}
              </li>
            ))}
          </ul>
        ),
      )}
      {row('Opened', formatWhen(view.createdAt))}
    </dl>
  );
}

/**
 * The client's lifecycle on its manage page (platform §7 Clients): profile, draft / archived / LIVE
 * state, the setup checklist, and the staff's actions on it. Each write sends the lifecycle's version as
 * If-Match; a conflict reloads the lifecycle and says so.
 */
export function LifecycleSection({ clientId }: { clientId: string }) {
  const { data: view, error } = useClientLifecycle(clientId);
  const apply = useApplyLifecycle(clientId);
  const reload = useReloadLifecycle(clientId);
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [isEditing, setIsEditing] = useState(false);
  const [deleteStage, setDeleteStage] = useState<'closed' | 'confirm' | 'refused'>('closed');
  const [deleteRefusal, setDeleteRefusal] = useState('');

  if (!view)
    return (
      <section className="card" aria-labelledby="lifecycle-title">
        <Heading level={2} id="lifecycle-title" className="card__title">
          Client setup
        </Heading>
        {<QueryFallback error={error} />}
      </section>
    );

  const conflict = async () => {
    await reload();
    setNotice({ tone: 'warning', text: CONFLICT_MESSAGE });
  };

  /** One write: its answer becomes the view; a 409 reloads; a refusal is said in words. */
  const run = async (key: string, write: Write, success: string, onRefused?: (message: string) => void) => {
    setBusy(key);
    setNotice(null);
    setRefusals((current) => ({ ...current, [key]: '' }));
    try {
      await apply(await write(view.version));
      setNotice({ tone: 'success', text: success });
      return true;
    } catch (caught) {
      if (isConflict(caught)) await conflict();
      else if (onRefused) onRefused(messageOf(caught));
      else setNotice({ tone: 'error', text: messageOf(caught) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const makeBaseClient = async () => {
    const done = await run(
      'base-client',
      (version) => runLifecycleAction(clientId, version, 'base-client'),
      'The base client was made: its form and tasks now exist.',
    );
    if (done) void mutate(clientKey(clientId));
  };

  const archive = async () => {
    const done = await run(
      'archive',
      (version) => runLifecycleAction(clientId, version, 'archive'),
      'The client was archived: only staff see it now.',
    );
    if (done) void mutate(isClientListKey);
    return done;
  };

  const unarchive = async () => {
    const done = await run(
      'unarchive',
      (version) => runLifecycleAction(clientId, version, 'unarchive'),
      'The client was brought back from the archive.',
    );
    if (done) void mutate(isClientListKey);
  };

  const confirmDelete = async () => {
    setBusy('delete');
    try {
      await deleteClient(clientId, view.version);
      void mutate(isClientListKey);
      navigate(ADMIN_HOME_PATH);
    } catch (caught) {
      if (isDeleteRefusedAsSigned(caught)) {
        setDeleteRefusal(messageOf(caught));
        setDeleteStage('refused');
      } else {
        setDeleteStage('closed');
        if (isConflict(caught)) await conflict();
        else setNotice({ tone: 'error', text: messageOf(caught) });
      }
    } finally {
      setBusy(null);
    }
  };

  const isLive = view.releaseStatus === 'LIVE';

  return (
    <section className="card" aria-labelledby="lifecycle-title" data-testid="lifecycle-section">
      <div className="card__header">
        <Heading level={2} id="lifecycle-title" className="card__title">
          Client setup
        </Heading>
        <div className="lifecycle__states" data-testid="lifecycle-states">
          {lifecycleStates(view).map((state) => (
            <span key={state.label} className={`status-pill status-pill--${state.tone}`}>
              {state.label}
            </span>
          ))}
          {view.isTest && <span className="status-pill status-pill--info">Test client</span>}
        </div>
      </div>
      {notice && (
        <Alert tone={notice.tone} testId="lifecycle-notice">
          {notice.text}
        </Alert>
      )}
      <ProfileAnswers view={view} />

      {view.isDraft ? (
        <p className="muted">
          This client is a draft: its form and tasks are made when you make the base client. Finish its
          profile and policies first.
        </p>
      ) : (
        <>
          <Heading level={3} className="setup-checklist__heading">
            Setup checklist
          </Heading>
          <p className="muted">
            {view.completedSetup
              ? `Setup was completed on ${formatWhen(view.completedSetupAt)}: the client's people can start.`
              : "The client's people see a 'setting things up' page until every step is done."}
          </p>
          <ol className="setup-checklist" data-testid="setup-checklist">
            {view.setupSteps.map((step) => (
              <li key={step.stepId} className="setup-checklist__step" data-testid="setup-step">
                <div>
                  <div className="setup-checklist__title">{step.title}</div>
                  {step.completed ? (
                    <span className="status-pill status-pill--success">
                      Done {formatWhen(step.completedAt)}
                    </span>
                  ) : (
                    <span className="muted">Not done yet</span>
                  )}
                </div>
                {!step.completed && (
                  <Button
                    className="button button--small button--secondary"
                    isPending={busy === `step:${step.stepId}`}
                    isDisabled={busy !== null}
                    aria-label={`Mark done: ${step.title}`}
                    onPress={() =>
                      void run(
                        `step:${step.stepId}`,
                        (version) => completeSetupStep(clientId, version, step.stepId),
                        `Marked done: ${step.title}.`,
                        (message) =>
                          setRefusals((current) => ({ ...current, [`step:${step.stepId}`]: message })),
                      )
                    }
                  >
                    Mark done
                  </Button>
                )}
                {refusals[`step:${step.stepId}`] && (
                  <p className="field__error setup-checklist__refusal" role="alert">
                    {refusals[`step:${step.stepId}`]}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}

      <div className="button-row card__actions">
        {view.isDraft && (
          <Button
            className="button button--primary"
            isPending={busy === 'base-client'}
            isDisabled={busy !== null}
            onPress={() => void makeBaseClient()}
          >
            Make base client
          </Button>
        )}
        <Button
          className="button button--secondary"
          isDisabled={busy !== null}
          onPress={() => setIsEditing(true)}
        >
          {view.isDraft ? 'Edit draft' : 'Edit profile'}
        </Button>
        {!view.isDraft &&
          (isLive ? (
            <Button
              className="button button--secondary"
              isPending={busy === 'live'}
              isDisabled={busy !== null}
              onPress={() =>
                void run(
                  'live',
                  (version) => setReleaseStatus(clientId, version, null),
                  'The client is no longer LIVE.',
                )
              }
            >
              Undo LIVE
            </Button>
          ) : (
            <Button
              className="button button--secondary"
              isPending={busy === 'live'}
              isDisabled={busy !== null}
              onPress={() =>
                void run(
                  'live',
                  (version) => setReleaseStatus(clientId, version, 'LIVE'),
                  'The client is LIVE: its onboarding has ended.',
                )
              }
            >
              Mark as LIVE
            </Button>
          ))}
        {view.isArchived ? (
          <Button
            className="button button--secondary"
            isPending={busy === 'unarchive'}
            isDisabled={busy !== null}
            onPress={() => void unarchive()}
          >
            Unarchive
          </Button>
        ) : (
          <Button
            className="button button--secondary"
            isPending={busy === 'archive'}
            isDisabled={busy !== null}
            onPress={() => void archive()}
          >
            Archive
          </Button>
        )}
        <Button
          className="button button--danger"
          isDisabled={busy !== null}
          onPress={() => setDeleteStage('confirm')}
        >
          Delete client
        </Button>
      </div>

      {isEditing && (
        <Suspense fallback={null}>
          <EditClientDialog
            view={view}
            onSaved={async (saved) => {
              await apply(saved);
              setNotice({ tone: 'success', text: 'The changes were saved.' });
            }}
            onConflict={async () => {
              await reload();
            }}
            onClose={() => setIsEditing(false)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        title="Delete client"
        isOpen={deleteStage === 'confirm'}
        isPending={busy === 'delete'}
        message={`Delete ${view.name} for good? A client whose form was signed cannot be deleted; archive it instead.`}
        confirmLabel="Delete client"
        onCancel={() => setDeleteStage('closed')}
        onConfirm={() => void confirmDelete()}
      />
      <ModalDialog
        title="This client cannot be deleted"
        isOpen={deleteStage === 'refused'}
        onOpenChange={(open) => !open && setDeleteStage('closed')}
        isAlert
      >
        <p>{deleteRefusal}</p>
        <div className="dialog__actions">
          <Button className="button button--secondary" onPress={() => setDeleteStage('closed')}>
            Cancel
          </Button>
          {!view.isArchived && (
            <Button
              className="button button--primary"
              isPending={busy === 'archive'}
              onPress={() => void archive().then(() => setDeleteStage('closed'))}
            >
              Archive instead
            </Button>
          )}
        </div>
      </ModalDialog>
    </section>
  );
}

/**
 * The manage page when the client's form cannot be read: a draft has no form until its base client is
 * made, and a client just created may not be readable for a moment, so its lifecycle is shown alone (the
 * form is read again once); a client whose lifecycle cannot be read either is the error it is.
 */
export function ManageFallback({ clientId, error }: { clientId: string; error: unknown }) {
  const { data: view, error: lifecycleError } = useClientLifecycle(clientId);
  const { mutate } = useSWRConfig();
  const isFormExpected = view !== undefined && !view.isDraft;
  useEffect(() => {
    if (!isFormExpected) return;
    const timer = setTimeout(() => void mutate(clientKey(clientId)), 1500);
    return () => clearTimeout(timer);
  }, [isFormExpected, clientId, mutate]);

  if (!view && !lifecycleError)
    return (
      <div className="page">
        <PageSkeleton />
      </div>
    );
  if (!view)
    return (
      <div className="page">
        <ErrorPanel error={error} />
      </div>
    );
  return (
    <div className="page page--wide">
      <div className="page__header">
        <Link href={ADMIN_HOME_PATH} className="back-link">
          <span aria-hidden="true">←</span> All clients
        </Link>
        <Heading level={1}>{view.name}</Heading>
      </div>
      {isFormExpected && (
        <Alert tone="info">
          The client&apos;s Employer Information Form is not ready to show yet.{' '}
          <Button className="button button--link" onPress={() => void mutate(clientKey(clientId))}>
            Try again
          </Button>
        </Alert>
      )}
      <LifecycleSection clientId={clientId} />
    </div>
  );
}
