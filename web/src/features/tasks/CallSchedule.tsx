import { useState } from 'react';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import { Button, Heading } from '../../ui/controls.ts';
import { calendarFile, calendarFileName, dueDateMoves, type DueDateMove } from '@onboard/domain/web';
import { saveBlob } from '../../api/download.ts';
import { ApiError } from '../../api/errors.ts';
import type { ClientView } from '../../api/types.ts';
import { now } from '../../app/clock.ts';
import { TextInput } from '../../ui/TextInput.tsx';
import { formatDate } from './format.ts';
import { DueDateMovesDialog } from './DueDateMoves.tsx';
import {
  setTaskCall,
  useApplyMoves,
  useApplyTask,
  useClientTasks,
  type TaskCall,
  type TaskView,
} from './api.ts';

const AGENDA: Record<string, string> = {
  'kickoff-call': 'Walk through the onboarding plan, who does what, and the key dates up to go-live.',
  'ongoing-service-call': 'Meet your service team and hand over from onboarding to day-to-day service.',
};

const DURATIONS = [15, 30, 45, 60, 90, 120];

/** The call's start as the browser's zone reads it: 'Tue, Jan 12, 2027, 9:30 AM'. */
const formatCallTime = (startsAt: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(startsAt));

/** A datetime-local value (the browser's zone) for an instant, and back. */
const toLocalInput = (startsAt: string) => {
  const at = new Date(startsAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};
const fromLocalInput = (value: string) => {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
};

/**
 * Staff set the call: when (in their browser's zone), how long, how to join; or clear it. The call's day
 * becomes the due date: a day that would put tasks before the call they need shows them first.
 */
function CallForm({ client, task }: { client: ClientView; task: TaskView }) {
  const clientId = client.id;
  const apply = useApplyTask(clientId);
  const applyMoves = useApplyMoves(clientId);
  const { data: tasks } = useClientTasks(clientId);
  const [pending, setPending] = useState<{ call: TaskCall; moves: DueDateMove[] } | null>(null);
  const [isMoving, setIsMoving] = useState(false);
  const [startsAt, setStartsAt] = useState(task.call ? toLocalInput(task.call.startsAt) : '');
  const [duration, setDuration] = useState(String(task.call?.durationMinutes ?? 60));
  const [joinUrl, setJoinUrl] = useState(task.call?.joinUrl ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A field of the call: its value and change, keyed and shown with its error as the request names it. */
  const bindCall = (key: 'startsAt' | 'joinUrl', value: string, onChange: (value: string) => void) => ({
    fieldKey: `call.${key}`,
    value,
    onChange,
    error: errors[`call.${key}`],
  });
  const [notice, setNotice] = useState<string | null>(null);
  const save = async (call: TaskCall | null, moves: readonly DueDateMove[] = []) => {
    setErrors({});
    setNotice(null);
    const others = moves.slice(1);
    try {
      await apply(await setTaskCall(clientId, task.taskId, call, others.length > 0));
      if (others.length > 0) await applyMoves(others);
      setNotice(
        !call
          ? 'The call is cleared.'
          : others.length > 0
            ? `The call is set; its day is now the due date, and ${others.length} ${others.length === 1 ? 'task' : 'tasks'} that depend on it moved with it.`
            : 'The call is set; its day is now the due date.',
      );
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
        setErrors(caught.fieldErrors);
      else setErrors({ form: caught instanceof Error ? caught.message : 'The call could not be saved.' });
    }
  };
  return (
    <form
      className="call-form"
      data-testid="call-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!startsAt) return setErrors({ 'call.startsAt': 'Enter the date and time of the call' });
        const call = {
          startsAt: fromLocalInput(startsAt),
          durationMinutes: Number(duration),
          joinUrl: joinUrl.trim() || null,
        };
        // The call's day where this browser is, as the server reads it from the zone sent along.
        const moves = dueDateMoves(tasks ?? [], task, startsAt.slice(0, 10));
        if (moves.length > 1) setPending({ call, moves });
        else void save(call);
      }}
    >
      <Heading level={3} className="card__subtitle">
        Set the call
      </Heading>
      <div className="form__row">
        <TextInput
          label="Date and time"
          type="datetime-local"
          {...bindCall('startsAt', startsAt, setStartsAt)}
        />
        <NativeSelect
          label="Length"
          value={duration}
          options={DURATIONS.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
          onChange={setDuration}
          fieldKey="call.durationMinutes"
        >
          {errors['call.durationMinutes'] && (
            <span className="field__error">{errors['call.durationMinutes']}</span>
          )}
        </NativeSelect>
      </div>
      <TextInput
        label="Meeting link"
        type="url"
        {...bindCall('joinUrl', joinUrl, setJoinUrl)}
        placeholder="https://"
      />
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      {notice && (
        <p className="muted" role="status">
          {notice}
        </p>
      )}
      <div className="button-row">
        <Button type="submit" className="button button--secondary">
          Save the call
        </Button>
        {task.call && (
          <Button className="button button--secondary" onPress={() => void save(null)}>
            Clear the call
          </Button>
        )}
      </div>
      <DueDateMovesDialog
        moves={pending?.moves ?? null}
        client={client}
        isPending={isMoving}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          setIsMoving(true);
          void save(pending.call, pending.moves).finally(() => {
            setIsMoving(false);
            setPending(null);
          });
        }}
      />
    </form>
  );
}

/**
 * The schedule of the kickoff or ongoing service call (the client's call schedule): when it is, how long,
 * how to join, with a calendar file (RFC 5545) to add it to one's calendar. Staff set it here; until they
 * do, the task's due date stands for the day. Setting the call makes its day the due date.
 */
export function CallSchedule({
  task,
  client,
  isStaff,
}: {
  task: TaskView;
  client: ClientView;
  isStaff: boolean;
}) {
  const agenda = AGENDA[task.taskId] ?? task.asks;
  const download = () => {
    const day = task.call?.startsAt ?? task.dueDate;
    if (!day) return;
    const title = `${task.title} — ${client.name}`;
    const file = calendarFile({
      uid: `${task.taskId}-${client.id}@onboard`,
      title,
      description: task.call?.joinUrl
        ? `${agenda}\n\nJoin: ${task.call.joinUrl}`
        : `${agenda}\n\nYour implementation consultant sends the time and how to join.`,
      ...(task.call?.joinUrl ? { location: task.call.joinUrl } : {}),
      start: day,
      ...(task.call ? { durationMinutes: task.call.durationMinutes } : {}),
      stamp: now().toISOString(),
    });
    saveBlob(new Blob([file], { type: 'text/calendar;charset=utf-8' }), calendarFileName(title));
  };
  return (
    <section className="card task-card" aria-labelledby="call-schedule" data-testid="call-schedule">
      <Heading level={2} id="call-schedule" className="card__title">
        Call schedule
      </Heading>
      {task.call || task.dueDate ? (
        <>
          <dl className="task-facts">
            <div>
              <dt>{task.call ? 'When' : 'Date'}</dt>
              <dd data-testid="call-date">
                {task.call ? formatCallTime(task.call.startsAt) : formatDate(task.dueDate!)}
              </dd>
            </div>
            {task.call && (
              <div>
                <dt>Length</dt>
                <dd>{task.call.durationMinutes} minutes</dd>
              </div>
            )}
            {task.call?.joinUrl && (
              <div>
                <dt>How to join</dt>
                <dd>
                  <a className="text-link" href={task.call.joinUrl} target="_blank" rel="noreferrer">
                    Join the call
                  </a>
                </dd>
              </div>
            )}
            <div>
              <dt>Agenda</dt>
              <dd>{agenda}</dd>
            </div>
          </dl>
          {!task.call && (
            <p className="muted">Your implementation consultant sends the time and how to join.</p>
          )}
          <Button className="button button--secondary" onPress={download}>
            Add to my calendar (.ics)
          </Button>
        </>
      ) : (
        <p className="muted">
          The date is not set yet. Your implementation consultant will propose one; it will show here.
        </p>
      )}
      {isStaff && <CallForm client={client} task={task} />}
    </section>
  );
}
