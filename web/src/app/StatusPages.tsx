import { useEffect } from 'react';
import { Button, Heading, Link } from '../ui/controls.ts';
import { useLocation, useSearch } from 'wouter';
import { useSignOut } from '../api/hooks.ts';
import { PageSkeleton } from '../ui/Feedback.tsx';
import { PAGE_ERROR_ADVICE, PAGE_ERROR_TITLE, SupportAdvice, SupportOptions } from './Support.tsx';
import { INDEX_PATH, LOGIN_PATH } from './routes.ts';

const NOT_AVAILABLE_MESSAGE = 'This page is not available yet.';

/** A route of the table whose page is not built yet: said plainly, inside the route's own layout. */
export function NotAvailablePage() {
  return (
    <div className="status-page" data-testid="not-available">
      <Heading level={1}>{NOT_AVAILABLE_MESSAGE}</Heading>
      <Link href={INDEX_PATH} className="button button--secondary">
        Return to Home
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  const [, navigate] = useLocation();
  return (
    <div className="status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <Heading level={1}>Sorry, the page you are looking for does not exist.</Heading>
      <Button className="button button--primary" onPress={() => navigate(INDEX_PATH)}>
        Return to Home
      </Button>
      <SupportOptions />
    </div>
  );
}

/** The general error page, also what the error boundary shows when a page crashes. */
export function GeneralErrorPage() {
  return (
    <div className="status-page" role="alert">
      <Heading level={1}>{PAGE_ERROR_TITLE}</Heading>
      <p className="muted">
        <SupportAdvice advice={PAGE_ERROR_ADVICE} />
      </p>
      <SupportOptions />
    </div>
  );
}

/** `?type=scheduled` (with an optional `until`) for planned work; anything else is unscheduled. */
export function MaintenancePage() {
  const params = new URLSearchParams(useSearch());
  const isScheduled = params.get('type') === 'scheduled';
  const until = params.get('until');
  return (
    <div className="status-page">
      <Heading level={1}>{isScheduled ? 'Scheduled maintenance' : 'Unscheduled maintenance'}</Heading>
      <p className="muted">
        {isScheduled
          ? `Onboard is being updated${until ? ` until ${until}` : ''}. Please come back a little later.`
          : 'Onboard is temporarily unavailable while we fix a problem. Please try again in a few minutes.'}
      </p>
      <Link href={INDEX_PATH} className="button button--secondary">
        Try again
      </Link>
      <SupportOptions />
    </div>
  );
}

/** /logout: signs out and lands on plain login (no redirect back, spec platform §2). */
export function LogoutPage() {
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  useEffect(() => {
    void signOut().finally(() => navigate(LOGIN_PATH, { replace: true }));
    // Once on arrival.
  }, []);
  return <PageSkeleton />;
}
