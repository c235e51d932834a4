import { GENERIC_ERROR_MESSAGE } from '../api/errors.ts';
import type { ReactNode } from 'react';

export function PageSkeleton() {
  return (
    <div className="skeleton" aria-busy="true" aria-label="Loading">
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__line" />
      <div className="skeleton__line skeleton__line--short" />
    </div>
  );
}

/** The compact inline error (spec platform §2 "Error screens"). */
export function ErrorPanel({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : GENERIC_ERROR_MESSAGE;
  return (
    <div className="alert alert--error" role="alert">
      <strong>Oops! Something went wrong.</strong> {message !== GENERIC_ERROR_MESSAGE && message}
    </div>
  );
}

export function Alert({
  tone,
  children,
  testId,
}: {
  tone: 'error' | 'success' | 'warning' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
