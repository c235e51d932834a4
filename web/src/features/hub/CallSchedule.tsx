import { Button, Heading } from 'react-aria-components';
import { calendarFile, calendarFileName } from '@onboard/domain/tasks/calendar';
import { saveBlob } from '../../api/download.ts';
import type { ClientView } from '../../api/types.ts';
import { now } from '../../app/clock.ts';
import { formatDate } from './format.ts';
import type { TaskView } from './api.ts';

const AGENDA: Record<string, string> = {
  'kickoff-call': 'Walk through the onboarding plan, who does what, and the key dates up to go-live.',
  'ongoing-service-call': 'Meet your service team and hand over from onboarding to day-to-day service.',
};

/**
 * The schedule of the kickoff or ongoing service call. The client's questionnaire holds no call fields yet,
 * so the call is on the task's due date, which your implementation consultant sets; the calendar file
 * (RFC 5545, built in the browser) holds that day with the call's agenda.
 */
export function CallSchedule({ task, client }: { task: TaskView; client: ClientView }) {
  const download = () => {
    if (!task.dueDate) return;
    const title = `${task.title} — ${client.name}`;
    const file = calendarFile({
      uid: `${task.taskId}-${client.id}@onboard`,
      title,
      description: `${AGENDA[task.taskId] ?? task.asks}\n\nYour implementation consultant sends the time and how to join.`,
      start: task.dueDate,
      stamp: now().toISOString(),
    });
    saveBlob(new Blob([file], { type: 'text/calendar;charset=utf-8' }), calendarFileName(title));
  };
  return (
    <section className="card task-card" aria-labelledby="call-schedule" data-testid="call-schedule">
      <Heading level={2} id="call-schedule" className="card__title">
        Call schedule
      </Heading>
      {task.dueDate ? (
        <>
          <dl className="task-facts">
            <div>
              <dt>Date</dt>
              <dd data-testid="call-date">{formatDate(task.dueDate)}</dd>
            </div>
            <div>
              <dt>Agenda</dt>
              <dd>{AGENDA[task.taskId] ?? task.asks}</dd>
            </div>
          </dl>
          <p className="muted">Your implementation consultant sends the time and how to join.</p>
          <Button className="button button--secondary" onPress={download}>
            Add to my calendar (.ics)
          </Button>
        </>
      ) : (
        <p className="muted">
          The date is not set yet. Your implementation consultant will propose one; it will show here.
        </p>
      )}
    </section>
  );
}
