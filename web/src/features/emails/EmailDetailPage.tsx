import { useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { errorMessage } from '../../api/errors.ts';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { isAdminRole } from '../../api/types.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { ALL_EMAILS_PATH, clientEmailPath, clientEmailsPath, emailPath } from '../../app/routes.ts';
import { formatWhen, resendEmail, useEmail, type EmailDetail } from './api.ts';
import { StatusPill } from './StatusPill.tsx';
import './emails.css';
import { useAction } from '../../api/action.ts';
import { QueryState } from '../../ui/QueryState.tsx';

/**
 * One e-mail: who it went to, what it said, and its status timeline (each status with when it
 * happened and why, for a failure). Staff resend it as a new e-mail.
 */
export function EmailDetailPage({ emailId, clientId = null }: { emailId: string; clientId?: string | null }) {
  const { data: email, error } = useEmail(clientId, emailId);
  const { data: user } = useAuthenticatedUser();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string; emailId?: string } | null>(
    null,
  );
  const backPath = clientId === null ? ALL_EMAILS_PATH : clientEmailsPath(clientId);
  const pathOf = (id: string) => (clientId === null ? emailPath(id) : clientEmailPath(clientId, id));
  const canResend = user ? isAdminRole(user.role) : false;

  const resend = useAction(() => resendEmail(emailId), {
    onSuccess: ({ emailId: newId }) =>
      setNotice({ tone: 'success', text: 'The e-mail was sent again.', emailId: newId }),
    onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught) }),
  });

  return (
    <div className="page page--wide">
      <Link className="back-link" href={backPath}>
        ← {clientId === null ? 'All emails' : 'Emails'}
      </Link>
      <QueryState data={email} error={error} staleError="above">
        {(email) => (
          <>
            <div className="page__header page__header--row">
              <Heading level={1}>{email.subject}</Heading>
              {canResend && (
                <Button
                  className="button button--primary"
                  isDisabled={resend.isPending}
                  onPress={() => void resend.run()}
                >
                  Resend
                </Button>
              )}
            </div>
            {notice && (
              <Alert tone={notice.tone} testId="email-notice">
                {notice.text}{' '}
                {notice.emailId && <Link href={pathOf(notice.emailId)}>Open the new e-mail</Link>}
              </Alert>
            )}
            <EmailMessage email={email} pathOf={pathOf} />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The e-mail itself: its envelope, body and status history. */
function EmailMessage({ email, pathOf }: { email: EmailDetail; pathOf: (emailId: string) => string }) {
  return (
    <div className="email-detail">
      <section className="card email-detail__message">
        <dl className="email-meta">
          <dt>To</dt>
          <dd>{email.to.join(', ')}</dd>
          {email.cc.length > 0 && (
            <>
              <dt>CC</dt>
              <dd>{email.cc.join(', ')}</dd>
            </>
          )}
          <dt>Kind</dt>
          <dd>{email.kindLabel}</dd>
          {email.clientName && (
            <>
              <dt>Client</dt>
              <dd>{email.clientName}</dd>
            </>
          )}
          <dt>Created</dt>
          <dd>{formatWhen(email.createdAt)}</dd>
          <dt>Status</dt>
          <dd>
            <StatusPill status={email.status} label={email.statusLabel} />
          </dd>
          {email.resendOf && (
            <>
              <dt>Resends</dt>
              <dd>
                <Link href={pathOf(email.resendOf)}>the earlier e-mail</Link>
              </dd>
            </>
          )}
        </dl>
        <Heading level={2} className="email-detail__heading">
          Message
        </Heading>
        <pre className="email-body" data-testid="email-body">
          {email.body}
        </pre>
      </section>
      <section className="card email-detail__history" aria-labelledby="email-history">
        <Heading level={2} id="email-history" className="email-detail__heading">
          Status history
        </Heading>
        <ol className="email-timeline" data-testid="email-history">
          {email.statusHistory.map((entry, i) => (
            <li key={i} className="email-timeline__item">
              <StatusPill status={entry.status} label={entry.statusLabel} />
              <time dateTime={entry.eventAt}>{formatWhen(entry.eventAt)}</time>
              {entry.reason && <span className="email-timeline__reason">{entry.reason}</span>}
            </li>
          ))}
        </ol>
        {email.errorUsers.length > 0 && (
          <>
            <Heading level={3}>Not reached</Heading>
            <ul data-testid="email-error-users">
              {email.errorUsers.map((u) => (
                <li key={u.userId}>
                  {u.user.name} ({u.user.email})
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
