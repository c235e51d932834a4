import { nextTaskDue, type ClientListItem } from './api.ts';

/** Tasks done of the tasks that count, as a bar and a fraction. */
export function Progress({ done, total }: { done: number; total: number }) {
  if (total === 0) return <span className="muted">No tasks</span>;
  return (
    <span className="client-progress" aria-label={`${done} of ${total} tasks done`}>
      <span className="client-progress__bar" aria-hidden="true">
        <span style={{ width: `${Math.round((done / total) * 100)}%` }} />
      </span>
      <span className="client-progress__text">
        {done}/{total}
      </span>
    </span>
  );
}

/** The next open task and its due-date badge (onboarding §2 badge text). */
export function NextTask({ next }: { next: ClientListItem['nextTask'] }) {
  if (!next) return <span className="muted">Nothing open</span>;
  const due = nextTaskDue(next);
  return (
    <span className="client-next">
      <span className="client-next__title">{next.title}</span>
      {due ? (
        <span className={`due-badge due-badge--${due.tone} client-next__due`}>{due.text}</span>
      ) : (
        <span className="muted client-next__due">No due date</span>
      )}
    </span>
  );
}
