import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { INDEX_PATH } from '../../app/routes.ts';
import type { DueDateBadge } from '@onboard/domain/web';
import { backOutOfTask, useUnsavedGuard } from '../eif/forms/unsaved.tsx';
import { PageSkeleton } from '../../ui/Feedback.tsx';

export type TaskStep = { label: string; isCurrent?: boolean };

/**
 * Task layout (spec onboarding §2): aside with 'Back to Home' (back in history, else `backHref`), sticky
 * top bar with the title and due-date badge, and a loading skeleton. The aside shows `nav` when given,
 * else a plain list of `steps`. The task comes first in reading order (the skip link lands on it, a
 * keyboard reaches its first field in a few Tabs); the aside follows it, shown on its left.
 */
export function TaskLayout(props: {
  title: string;
  subtitle?: string;
  dueDate?: DueDateBadge | null;
  steps?: TaskStep[];
  nav?: ReactNode;
  /** Where 'Back to Home' goes when there is no history to go back to. */
  backHref?: string;
  isLoading?: boolean;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  const guard = useUnsavedGuard();
  const backHref = props.backHref ?? INDEX_PATH;
  const onBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    guard.confirmLeave(() => backOutOfTask(() => navigate(backHref)));
  };
  return (
    <div className="task-layout">
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
        <div className="task-content">{props.isLoading ? <PageSkeleton /> : props.children}</div>
      </div>
      <aside className="task-aside" aria-label="Task navigation">
        <a href={backHref} className="back-link" onClick={onBack} data-testid="back-to-home">
          <span aria-hidden="true">←</span> Back to Home
        </a>
        {props.nav ?? (
          <nav aria-label="Steps">
            <p className="task-aside__heading">Company information</p>
            <ol className="step-list">
              {(props.steps ?? []).map((step) => (
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
        )}
      </aside>
    </div>
  );
}
