import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { INDEX_PATH } from '../routes.ts';
import type { DueDateBadge } from '../../../domain/src/tasks/due-date.ts';

export type TaskStep = { label: string; isCurrent?: boolean };

/** Task layout (spec onboarding §2): aside with 'Back to Home', sticky top bar with the title and due-date badge. */
export function TaskLayout(props: {
  title: string;
  subtitle?: string;
  dueDate?: DueDateBadge | null;
  steps: TaskStep[];
  children: ReactNode;
}) {
  return (
    <div className="task-layout">
      <aside className="task-aside" aria-label="Task navigation">
        <Link href={INDEX_PATH} className="back-link">
          <span aria-hidden="true">←</span> Back to Home
        </Link>
        <nav aria-label="Steps">
          <p className="task-aside__heading">Company information</p>
          <ol className="step-list">
            {props.steps.map((step) => (
              <li
                key={step.label}
                className={step.isCurrent ? 'step step--current' : 'step'}
                aria-current={step.isCurrent ? 'step' : undefined}
              >
                {step.label}
              </li>
            ))}
          </ol>
        </nav>
      </aside>
      <div className="task-main">
        <div className="task-topbar">
          <h1 className="task-topbar__title">{props.title}</h1>
          {props.subtitle && <span className="badge">{props.subtitle}</span>}
          {props.dueDate && (
            <span className={`due-badge due-badge--${props.dueDate.tone}`} data-testid="due-date">
              {props.dueDate.text}
            </span>
          )}
        </div>
        <div className="task-content">{props.children}</div>
      </div>
    </div>
  );
}
