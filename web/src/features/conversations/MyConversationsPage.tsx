import { Heading, Link } from '../../ui/controls.ts';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { formatWhen } from '../../ui/format.ts';
import { conversationPagePath, useMyConversations, type MyConversations } from './api.ts';
import './conversations.css';

/** A list of threads, newest first: what each is about, where, its state and what is unread. */
export function ThreadList({
  threads,
  showClient,
}: {
  threads: MyConversations['threads'];
  showClient: boolean;
}) {
  return (
    <ul className="conversation-list" data-testid="conversation-list">
      {threads.map((t) => (
        <li key={t.threadId} className="conversation-list__item">
          <Link
            className="text-link conversation-list__title"
            href={conversationPagePath(t.clientId, t.threadId)}
          >
            {t.subject.label}
          </Link>
          <span className="conversation-list__meta">
            {showClient ? `${t.clientName} · ` : ''}
            {t.subjectTypeLabel} · {t.kind === 'INTERNAL' ? `${t.kindLabel} · ` : ''}
            {formatWhen(t.lastMessageAt)}
          </span>
          <span className={`badge${t.status === 'RESOLVED' ? ' badge--success' : ''}`}>{t.statusLabel}</span>
          {t.unread > 0 && (
            <span className="badge badge--warning" data-testid="conversation-unread">
              {t.unread} unread
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The signed-in person's conversations (those they wrote in or were mentioned in), with unread per client. */
export function MyConversationsPage() {
  const { data, error } = useMyConversations();
  return (
    <div className="page">
      <div className="page__header">
        <Heading level={1}>Conversations</Heading>
      </div>
      {error && !data && <ErrorPanel error={error} />}
      {!data && !error && <PageSkeleton />}
      {data && data.threads.length === 0 && (
        <p className="muted">No conversation yet: those you write in or are mentioned in show here.</p>
      )}
      {data && data.clients.length > 0 && (
        <TitledSection id="unread-by-client" title="Unread by client" className="card">
          <ul className="conversation-list">
            {data.clients.map((c) => (
              <li key={c.clientId} className="conversation-list__item">
                <span>{c.clientName}</span>
                <span className={`badge${c.unread > 0 ? ' badge--warning' : ''}`}>{c.unread} unread</span>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}
      {data && data.threads.length > 0 && (
        <TitledSection id="my-threads" title="Your conversations" className="card">
          <ThreadList threads={data.threads} showClient />
        </TitledSection>
      )}
    </div>
  );
}
