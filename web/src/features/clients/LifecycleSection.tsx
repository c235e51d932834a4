import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Button, Heading } from '../../ui/controls.ts';
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
import { ClientPageHeader } from './ClientPageHeader.tsx';
import { useAction } from '../../api/action.ts';
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
 * The lifecycle's writes. Each sends the lifecycle's version; its answer becomes the view; a 409 reloads
 * the lifecycle and says so; a refusal is said in words (beside its step, or as the notice). `busy` names
 * the write under way.
 */
function useLifecycleWrites(clientId: string, view: ClientLifecycleView | undefined) {
  const apply = useApplyLifecycle(clientId);
  const reload = useReloadLifecycle(clientId);
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [notice, setNotice] = useState<Notice>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [deleteStage, setDeleteStage] = useState<'closed' | 'confirm' | 'refused'>('closed');
  const [deleteRefusal, setDeleteRefusal] = useState('');
  const version = view?.version ?? 0;

  const conflict = async () => {
    await reload();
    setNotice({ tone: 'warning', text: CONFLICT_MESSAGE });
  };
  const write = useAction(
    async (key: string, send: Write, success: string, _isStep: boolean) => {
      setNotice(null);
      setRefusals((current) => ({ ...current, [key]: '' }));
      await apply(await send(version));
      setNotice({ tone: 'success', text: success });
    },
    {
      onError: async (caught, key, _send, _success, isStep) => {
        if (isConflict(caught)) await conflict();
        else if (isStep) setRefusals((current) => ({ ...current, [key]: messageOf(caught) }));
        else setNotice({ tone: 'error', text: messageOf(caught) });
      },
    },
  );
  const remove = useAction(() => deleteClient(clientId, version), {
    onSuccess: () => {
      void mutate(isClientListKey);
      navigate(ADMIN_HOME_PATH);
    },
    onError: async (caught) => {
      if (isDeleteRefusedAsSigned(caught)) {
        setDeleteRefusal(messageOf(caught));
        setDeleteStage('refused');
        return;
      }
      setDeleteStage('closed');
      if (isConflict(caught)) await conflict();
      else setNotice({ tone: 'error', text: messageOf(caught) });
    },
  });
  /** A lifecycle action; once done, the caches it changes are read again. */
  const act = async (action: 'base-client' | 'archive' | 'unarchive', success: string) => {
    const outcome = await write.run(action, (v) => runLifecycleAction(clientId, v, action), success, false);
    if (outcome?.ok) void mutate(action === 'base-client' ? clientKey(clientId) : isClientListKey);
  };

  return {
    busy: write.pendingArgs?.[0] ?? (remove.isPending ? 'delete' : null),
    notice,
    refusals,
    deleteStage,
    deleteRefusal,
    setDeleteStage,
    saved: async (saved: ClientLifecycleView) => {
      await apply(saved);
      setNotice({ tone: 'success', text: 'The changes were saved.' });
    },
    reload,
    makeBaseClient: () => act('base-client', 'The base client was made: its form and tasks now exist.'),
    archive: () => act('archive', 'The client was archived: only staff see it now.'),
    unarchive: () => act('unarchive', 'The client was brought back from the archive.'),
    setLive: (isLive: boolean) =>
      void write.run(
        'live',
        (v) => setReleaseStatus(clientId, v, isLive ? 'LIVE' : null),
        isLive ? 'The client is LIVE: its onboarding has ended.' : 'The client is no longer LIVE.',
        false,
      ),
    completeStep: (step: { stepId: string; title: string }) =>
      void write.run(
        `step:${step.stepId}`,
        (v) => completeSetupStep(clientId, v, step.stepId),
        `Marked done: ${step.title}.`,
        true,
      ),
    confirmDelete: () => void remove.run(),
  };
}

type LifecycleWrites = ReturnType<typeof useLifecycleWrites>;

/**
 * The client's lifecycle on its manage page (platform §7 Clients): profile, draft / archived / LIVE
 * state, the setup checklist, and the staff's actions on it. Each write sends the lifecycle's version as
 * If-Match; a conflict reloads the lifecycle and says so.
 */
export function LifecycleSection({ clientId }: { clientId: string }) {
  const { data: view, error } = useClientLifecycle(clientId);
  const writes = useLifecycleWrites(clientId, view);
  const [isEditing, setIsEditing] = useState(false);

  if (!view)
    return (
      <section className="card" aria-labelledby="lifecycle-title">
        <Heading level={2} id="lifecycle-title" className="card__title">
          Client setup
        </Heading>
        {<QueryFallback error={error} />}
      </section>
    );

  return (
    <TitledSection
      id="lifecycle-title"
      title="Client setup"
      className="card"
      testId="lifecycle-section"
      header={
        <div className="lifecycle__states" data-testid="lifecycle-states">
          {lifecycleStates(view).map((state) => (
            <span key={state.label} className={`status-pill status-pill--${state.tone}`}>
              {state.label}
            </span>
          ))}
          {view.isTest && <span className="status-pill status-pill--info">Test client</span>}
        </div>
      }
    >
      {writes.notice && (
        <Alert tone={writes.notice.tone} testId="lifecycle-notice">
          {writes.notice.text}
        </Alert>
      )}
      <ProfileAnswers view={view} />
      {view.isDraft ? (
        <p className="muted">
          This client is a draft: its form and tasks are made when you make the base client. Finish its
          profile and policies first.
        </p>
      ) : (
        <SetupChecklist view={view} writes={writes} />
      )}
      <LifecycleActions view={view} writes={writes} onEdit={() => setIsEditing(true)} />
      {isEditing && (
        <Suspense fallback={null}>
          <EditClientDialog
            view={view}
            onSaved={writes.saved}
            onConflict={async () => {
              await writes.reload();
            }}
            onClose={() => setIsEditing(false)}
          />
        </Suspense>
      )}
      <DeleteDialogs view={view} writes={writes} />
    </TitledSection>
  );
}

function SetupChecklist({ view, writes }: { view: ClientLifecycleView; writes: LifecycleWrites }) {
  const { busy, refusals } = writes;
  return (
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
                <span className="status-pill status-pill--success">Done {formatWhen(step.completedAt)}</span>
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
                onPress={() => writes.completeStep(step)}
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
  );
}

function LifecycleActions({
  view,
  writes,
  onEdit,
}: {
  view: ClientLifecycleView;
  writes: LifecycleWrites;
  onEdit: () => void;
}) {
  const { busy } = writes;
  const isLive = view.releaseStatus === 'LIVE';
  const action = (key: string, label: string, onPress: () => void, tone = 'secondary') => (
    <Button
      className={`button button--${tone}`}
      isPending={busy === key}
      isDisabled={busy !== null}
      onPress={onPress}
    >
      {label}
    </Button>
  );
  return (
    <div className="button-row card__actions">
      {view.isDraft &&
        action('base-client', 'Make base client', () => void writes.makeBaseClient(), 'primary')}
      <Button className="button button--secondary" isDisabled={busy !== null} onPress={onEdit}>
        {view.isDraft ? 'Edit draft' : 'Edit profile'}
      </Button>
      {!view.isDraft && action('live', isLive ? 'Undo LIVE' : 'Mark as LIVE', () => writes.setLive(!isLive))}
      {view.isArchived
        ? action('unarchive', 'Unarchive', () => void writes.unarchive())
        : action('archive', 'Archive', () => void writes.archive())}
      <Button
        className="button button--danger"
        isDisabled={busy !== null}
        onPress={() => writes.setDeleteStage('confirm')}
      >
        Delete client
      </Button>
    </div>
  );
}

/** Deleting: the confirmation, and what is said when a signed client cannot be deleted. */
function DeleteDialogs({ view, writes }: { view: ClientLifecycleView; writes: LifecycleWrites }) {
  const close = () => writes.setDeleteStage('closed');
  return (
    <>
      <ConfirmDialog
        title="Delete client"
        isOpen={writes.deleteStage === 'confirm'}
        isPending={writes.busy === 'delete'}
        message={`Delete ${view.name} for good? A client whose form was signed cannot be deleted; archive it instead.`}
        confirmLabel="Delete client"
        onCancel={close}
        onConfirm={writes.confirmDelete}
      />
      <ModalDialog
        title="This client cannot be deleted"
        isOpen={writes.deleteStage === 'refused'}
        onOpenChange={(open) => !open && close()}
        isAlert
      >
        <p>{writes.deleteRefusal}</p>
        <FormFooter error={null} onCancel={close}>
          {!view.isArchived && (
            <Button
              className="button button--primary"
              isPending={writes.busy === 'archive'}
              onPress={() => void writes.archive().then(close)}
            >
              Archive instead
            </Button>
          )}
        </FormFooter>
      </ModalDialog>
    </>
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
      <ClientPageHeader name={view.name} />
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
