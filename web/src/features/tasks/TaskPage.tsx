import { lazy, Suspense, useState, type FormEvent } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useCheckedText } from '../../ui/field-binding.ts';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import { Button, Form, Heading, Link } from '../../ui/controls.ts';
import {
  dueDateBadge,
  OPEN_STATUSES,
  TASK_STATUSES,
  statusPill,
  type TaskStatus,
  policyLabel,
  dueDateMoves,
  type DueDateMove,
  documentCategoryOfTask,
  documentCategoryLabel,
} from '@onboard/domain/web';
import { useAuthenticatedUser, useClient } from '../../api/hooks.ts';
import { isAdminRole, type ClientView } from '../../api/types.ts';
import { clientHubPath } from '../../app/routes.ts';
import { now } from '../../app/clock.ts';
import { NoticeAlert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { CallSchedule } from './CallSchedule.tsx';
import { EnrollmentResourcesList } from './EnrollmentResourcesList.tsx';
import { DataFeedPanel } from '../data-feed/DataFeedPanel.tsx';
import { formatDate } from './format.ts';
import { TaskLayout } from './TaskLayout.tsx';
import { DueDateMovesDialog } from './DueDateMoves.tsx';
import { documentsScreenPath } from '../documents/paths.ts';
import { Conversations } from '../conversations/Conversations.tsx';
import {
  setTaskDueDate,
  setTaskStatus,
  takeTaskAction,
  useApplyMoves,
  useApplyTask,
  useClientTasks,
  type ClientAction,
  type TaskView,
} from './api.ts';

// The company profile edits with the EIF's form controls: they load only on that task's page.
const CompanyProfile = lazy(() =>
  import('./CompanyProfile.tsx').then((m) => ({ default: m.CompanyProfile })),
);
// Onboarding forms (templates, envelopes, their statuses) load only on their task's page.
const OnboardingFormsTask = lazy(() =>
  import('../onboarding-forms/OnboardingFormsTask.tsx').then((m) => ({ default: m.OnboardingFormsTask })),
);

const OWNER_WORDS: Record<TaskView['owner'], string> = {
  client: 'Your company’s team',
  carrier: 'Your implementation consultant, with your team',
};
const COMPLETION_WORDS: Record<TaskView['completion'], string> = {
  client: 'You mark it as done when it is finished.',
  review: 'You submit it for review; your implementation consultant accepts it or tells you what to fix.',
};

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The words of a refusal from the server (a 400 NOT_ALLOWED names the rule) or of any other failure. */
const messageOf = (caught: unknown) =>
  caught instanceof Error && caught.message
    ? caught.message
    : 'The change could not be saved. Please try again.';

function Pill({ status }: { status: TaskStatus }) {
  const pill = statusPill(status);
  return (
    <span className={`badge badge--${pill.tone}`} data-testid="task-status">
      {pill.label}
    </span>
  );
}

/** What the client's people do next: start, mark as done, submit (again, answering a NIGO). */
function ClientActions({ task, run }: { task: TaskView; run: (action: ClientAction) => void }) {
  const notBegun = task.status === 'Upcoming' || task.status === 'Not Started';
  const canSubmit =
    task.completion === 'review' && ['Not Started', 'In Progress', 'NIGO'].includes(task.status);
  const canComplete = task.completion === 'client' && OPEN_STATUSES.includes(task.status);
  if (!notBegun && !canSubmit && !canComplete) return null;
  return (
    <div className="button-row" data-testid="client-actions">
      {notBegun && (
        <Button
          className={`button ${canSubmit || canComplete ? 'button--secondary' : 'button--primary'}`}
          onPress={() => run('start')}
        >
          Start
        </Button>
      )}
      {canComplete && (
        <Button className="button button--primary" onPress={() => run('complete')}>
          Mark as done
        </Button>
      )}
      {canSubmit && (
        <Button className="button button--primary" onPress={() => run('submit')}>
          {task.status === 'NIGO' ? 'Submit again' : 'Submit for review'}
        </Button>
      )}
    </div>
  );
}

/** The NIGO dialog: staff say what the client must fix, in words the client reads. */
function NigoDialog({
  isOpen,
  onClose,
  onSend,
}: {
  isOpen: boolean;
  onClose: () => void;
  onSend: (reason: string) => Promise<string | null>;
}) {
  const { value: reason, setValue: setReason, error, setError, change: changeReason } = useCheckedText();
  const [isSending, setIsSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Please give the reason the client will read');
      return;
    }
    setIsSending(true);
    const failure = await onSend(reason.trim());
    setIsSending(false);
    if (failure) setError(failure);
    else {
      setReason('');
      onClose();
    }
  };
  return (
    <ModalDialog
      title="Send back: action required"
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
    >
      <Form className="form--stack" onSubmit={submit} validationBehavior="aria">
        <p className="muted">The client sees this reason on the task and answers by submitting again.</p>
        <TextInput
          label="What needs to be fixed"
          value={reason}
          onChange={changeReason}
          error={error ?? undefined}
          isRequired
          isMultiline
          fieldKey="reason"
        />
        <FormFooter error={null} onCancel={onClose}>
          <Button type="submit" className="button button--danger" isPending={isSending}>
            Send back
          </Button>
        </FormFooter>
      </Form>
    </ModalDialog>
  );
}

/**
 * Staff's controls: accept a task in review, set any status (NIGO with its reason), move the due date. A due
 * date that would put tasks before a task they need shows them, and moves them only once staff agree.
 */
function StaffControls({
  task,
  tasks,
  client,
  onStatus,
  onDueDate,
}: {
  task: TaskView;
  tasks: readonly TaskView[];
  client: ClientView | undefined;
  onStatus: (status: TaskStatus, reason: string | null) => Promise<string | null>;
  onDueDate: (dueDate: string | null, moves: readonly DueDateMove[]) => Promise<string | null>;
}) {
  const [isNigoOpen, setIsNigoOpen] = useState(false);
  const [chosen, setChosen] = useState<TaskStatus | ''>('');
  const [dueDate, setDueDate] = useState(task.dueDate ?? '');
  const [pendingMoves, setPendingMoves] = useState<DueDateMove[] | null>(null);
  const [isMoving, setIsMoving] = useState(false);
  const saveDueDate = () => {
    const to = dueDate === '' ? null : dueDate;
    const moves = dueDateMoves(tasks, task, to);
    if (moves.length > 1) setPendingMoves(moves);
    else void onDueDate(to, []);
  };
  const moveAll = async () => {
    if (!pendingMoves) return;
    setIsMoving(true);
    await onDueDate(pendingMoves[0]!.to, pendingMoves);
    setIsMoving(false);
    setPendingMoves(null);
  };
  const applyStatus = () => {
    if (chosen === '') return;
    if (chosen === 'NIGO') setIsNigoOpen(true);
    else void onStatus(chosen, null).then((failure) => failure === null && setChosen(''));
  };
  return (
    <section className="card task-card" aria-labelledby="staff-title" data-testid="staff-controls">
      <Heading level={2} id="staff-title" className="card__title">
        For your team
      </Heading>
      {task.status === 'In Review' && (
        <div className="button-row">
          <Button className="button button--primary" onPress={() => void onStatus('Done', null)}>
            Accept
          </Button>
          <Button className="button button--secondary" onPress={() => setIsNigoOpen(true)}>
            Send back with a reason
          </Button>
        </div>
      )}
      <div className="task-staff__row">
        <NativeSelect
          label="Status"
          value={chosen}
          placeholder="Choose a status…"
          options={TASK_STATUSES.filter((s) => s !== task.status).map((status) => ({
            value: status,
            label: status === 'NIGO' ? 'Action Required (NIGO)' : status,
          }))}
          onChange={(status) => setChosen(status as TaskStatus | '')}
          fieldKey="status"
        />
        <Button className="button button--secondary" onPress={applyStatus} isDisabled={chosen === ''}>
          Set status
        </Button>
      </div>
      <div className="task-staff__row">
        <label className="field">
          <span className="field__label">Due date</span>
          <input
            className="field__input"
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            data-field="dueDate"
          />
        </label>
        <Button
          className="button button--secondary"
          onPress={saveDueDate}
          isDisabled={(task.dueDate ?? '') === dueDate}
        >
          Save due date
        </Button>
      </div>
      <DueDateMovesDialog
        moves={pendingMoves}
        client={client}
        isPending={isMoving}
        onCancel={() => setPendingMoves(null)}
        onConfirm={() => void moveAll()}
      />
      <NigoDialog
        isOpen={isNigoOpen}
        onClose={() => setIsNigoOpen(false)}
        onSend={(reason) =>
          onStatus('NIGO', reason).then((failure) => (failure === null && setChosen(''), failure))
        }
      />
    </section>
  );
}

function TaskBody({
  task,
  tasks,
  client,
  isStaff,
}: {
  task: TaskView;
  tasks: readonly TaskView[];
  client: ClientView | undefined;
  isStaff: boolean;
}) {
  const apply = useApplyTask(client?.id ?? '');
  const applyMoves = useApplyMoves(client?.id ?? '');
  const clientId = client?.id ?? '';
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const change = async (send: () => ReturnType<typeof takeTaskAction>, done: string) => {
    setNotice(null);
    try {
      await apply(await send());
      setNotice({ tone: 'success', text: done });
      return null;
    } catch (caught) {
      const text = messageOf(caught);
      setNotice({ tone: 'error', text });
      return text;
    }
  };
  const DONE_WORDS: Record<ClientAction, string> = {
    start: 'The task is started.',
    submit: 'Submitted for review. Your implementation consultant will look at it.',
    complete: 'Marked as done.',
  };
  return (
    <div className="task-page">
      {task.status === 'NIGO' && (
        <div className="alert alert--error task-nigo" role="alert" data-testid="nigo-reason">
          <strong>Action required:</strong>{' '}
          {task.reason || 'Your implementation consultant asks for changes.'}
          <p className="task-nigo__hint">Make the changes asked for, then submit again.</p>
        </div>
      )}
      <NoticeAlert notice={notice} testId="task-notice" />
      <section className="card task-card" aria-labelledby="task-asks">
        <Heading level={2} id="task-asks" className="card__title">
          What we ask
        </Heading>
        <p className="task-asks">{task.asks}</p>
        <p>
          <Link
            className="text-link"
            href={documentsScreenPath(clientId, {
              category: documentCategoryOfTask(task.taskId),
              policyId: task.policyId,
            })}
            data-testid="task-documents-link"
          >
            Documents: {documentCategoryLabel(documentCategoryOfTask(task.taskId))}
          </Link>
        </p>
        <dl className="task-facts">
          <div>
            <dt>Whose work</dt>
            <dd>{OWNER_WORDS[task.owner]}</dd>
          </div>
          <div>
            <dt>By when</dt>
            <dd>{task.dueDate ? formatDate(task.dueDate) : 'No due date yet'}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <Pill status={task.status} />
            </dd>
          </div>
          <div>
            <dt>How it is finished</dt>
            <dd>{COMPLETION_WORDS[task.completion]}</dd>
          </div>
        </dl>
        <ClientActions
          task={task}
          run={(action) =>
            void change(
              () => takeTaskAction(clientId, task.taskId, task.policyId, action),
              DONE_WORDS[action],
            )
          }
        />
      </section>
      {(task.taskId === 'kickoff-call' || task.taskId === 'ongoing-service-call') && client && (
        <CallSchedule task={task} client={client} isStaff={isStaff} />
      )}
      {task.taskId === 'company-profile' && client && (
        <Suspense fallback={<PageSkeleton />}>
          <CompanyProfile clientId={client.id} />
        </Suspense>
      )}
      {task.taskId === 'enrollment-resources' && client && <EnrollmentResourcesList clientId={client.id} />}
      {task.taskId === 'connect-service' && client && (
        <DataFeedPanel clientId={client.id} isStaff={isStaff} />
      )}
      {task.taskId === 'enrollment-elections' && task.policyId && (
        <section className="card" aria-labelledby="census-link-title">
          <Heading level={2} id="census-link-title" className="card__title">
            Census
          </Heading>
          <p>
            Upload this policy’s census, check it against your signed EIF, fix what it finds and submit it.
          </p>
          <Link
            className="button button--primary"
            href={`${clientHubPath(clientId)}/task/enrollment-elections/${encodeURIComponent(task.policyId)}/validations`}
          >
            Upload and validate the census
          </Link>
        </section>
      )}
      {task.taskId === 'onboarding-forms' && client && (
        <Suspense fallback={null}>
          <OnboardingFormsTask clientId={client.id} isStaff={isStaff} />
        </Suspense>
      )}
      {isStaff && (
        <StaffControls
          key={`${task.status}/${task.dueDate ?? ''}`}
          task={task}
          tasks={tasks}
          client={client}
          onStatus={(status, reason) =>
            change(
              () => setTaskStatus(clientId, task.taskId, task.policyId, status, reason),
              status === 'NIGO'
                ? 'Sent back to the client with your reason.'
                : status === 'Done' && task.status === 'In Review'
                  ? 'Accepted: the task is completed.'
                  : `Status set to ${statusPill(status).label}.`,
            )
          }
          onDueDate={async (dueDate, moves) => {
            const others = moves.slice(1);
            const failure = await change(
              () => setTaskDueDate(clientId, task.taskId, task.policyId, dueDate, others.length > 0),
              !dueDate
                ? 'Due date cleared.'
                : others.length > 0
                  ? `Due date moved to ${formatDate(dueDate)}; ${others.length} ${others.length === 1 ? 'task' : 'tasks'} that depend on it moved with it.`
                  : `Due date moved to ${formatDate(dueDate)}.`,
            );
            if (failure === null && others.length > 0) await applyMoves(others);
            return failure;
          }}
        />
      )}
    </div>
  );
}

/**
 * `/client/{clientId}/task/{taskId}` and `/client/{clientId}/task/{taskId}/{policyId}`: one onboarding task
 * in the task layout: what is asked, whose work it is, by when, its status (and NIGO reason), the client's
 * actions and, for staff, status, acceptance and the due date.
 */
export function TaskPage({
  clientId,
  taskId,
  policyId,
}: {
  clientId: string;
  taskId: string;
  policyId?: string;
}) {
  const { data: tasks, error } = useClientTasks(clientId);
  const { data: client } = useClient(clientId);
  const { data: user } = useAuthenticatedUser();
  const task = tasks?.find(
    (t) =>
      sameId(t.taskId, taskId) &&
      (policyId ? t.policyId !== null && sameId(t.policyId, policyId) : t.policyId === null),
  );
  const policy = task?.policyId ? client?.policies.find((p) => p.id === task.policyId) : undefined;
  const badge = task?.dueDate ? dueDateBadge(task.dueDate, task.status, now()) : null;
  return (
    <TaskLayout
      title={task?.title ?? (tasks ? 'Task' : '')}
      subtitle={policy ? policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] }) : client?.name}
      dueDate={badge}
      backHref={clientHubPath(clientId)}
      nav={<div />}
      isLoading={!tasks && !error}
    >
      {error && !tasks ? (
        <ErrorPanel error={error} />
      ) : task ? (
        <>
          <TaskBody
            task={task}
            tasks={tasks ?? []}
            client={client}
            isStaff={user ? isAdminRole(user.role) : false}
          />
          <section className="card task-card">
            <Conversations
              clientId={clientId}
              subject={{
                type: 'TASK',
                key: task.policyId ? `${task.taskId}/${task.policyId}` : task.taskId,
                label: policy
                  ? `${task.title} · ${policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] })}`
                  : task.title,
              }}
            />
          </section>
        </>
      ) : (
        <section className="card task-card" data-testid="task-missing">
          <Heading level={2} className="card__title">
            This task is not part of this onboarding
          </Heading>
          <p className="muted">It may not have been scheduled yet, or it belongs to another policy.</p>
          <Link className="button button--primary" href={clientHubPath(clientId)}>
            Back to the hub
          </Link>
        </section>
      )}
    </TaskLayout>
  );
}
