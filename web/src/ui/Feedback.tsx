import { GENERIC_ERROR_MESSAGE } from '../api/errors.ts';
import type { ReactNode } from 'react';
import { ACTION_ERROR_ADVICE, PAGE_ERROR_TITLE, SupportAdvice, SupportOptions } from '../app/Support.tsx';

export function PageSkeleton() {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label="Loading">
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__line" />
      <div className="skeleton__line skeleton__line--short" />
    </div>
  );
}

/**
 * The compact inline error (spec platform §2 "Error screens"): the server's own words when it gave any,
 * else the action-level 'Please try again' message with the support address (onboarding §8); and the
 * offer to chat or e-mail.
 */
export function ErrorPanel({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : GENERIC_ERROR_MESSAGE;
  const isGeneric = message === GENERIC_ERROR_MESSAGE;
  return (
    <div className="alert alert--error" role="alert" data-testid="error-panel">
      <strong>{PAGE_ERROR_TITLE}</strong>{' '}
      {isGeneric ? <SupportAdvice advice={ACTION_ERROR_ADVICE} /> : message}
      <SupportOptions isCompact />
    </div>
  );
}

/**
 * A message as people read it: the generic 'Oops! Something went wrong. Please try again.' grows into the
 * whole action-level message of onboarding §8, ending in the support address; any other text is shown as is.
 */
export function MessageText({ text }: { text: ReactNode }) {
  if (text !== GENERIC_ERROR_MESSAGE) return <>{text}</>;
  return (
    <>
      {PAGE_ERROR_TITLE} <SupportAdvice advice={ACTION_ERROR_ADVICE} />
    </>
  );
}

type AlertTone = 'error' | 'success' | 'warning' | 'info';

/** What a write answered, shown above a page's content until the next one; nothing when there is none. */
export function NoticeAlert({
  notice,
  testId,
}: {
  notice: { tone: AlertTone; text: ReactNode } | null | undefined;
  testId: string;
}) {
  return notice ? (
    <Alert tone={notice.tone} testId={testId}>
      {notice.text}
    </Alert>
  ) : null;
}

export function Alert({ tone, children, testId }: { tone: AlertTone; children: ReactNode; testId?: string }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <MessageText text={children} />
    </div>
  );
}
