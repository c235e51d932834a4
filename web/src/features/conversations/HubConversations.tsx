import { Heading } from '../../ui/controls.ts';
import { ErrorPanel } from '../../ui/Feedback.tsx';
import { useClientConversations } from './api.ts';
import { ThreadList } from './MyConversationsPage.tsx';

/** The hub's card: every conversation of the client the person may see, and how many messages they have not read. */
export function HubConversations({ clientId }: { clientId: string }) {
  const { data, error } = useClientConversations(clientId);
  const threads = data?.threads ?? [];
  const open = threads.filter((t) => t.status === 'OPEN').length;
  return (
    <section className="card" aria-labelledby="hub-conversations" data-testid="hub-conversations">
      <div className="card__header">
        <Heading level={2} id="hub-conversations" className="card__title">
          Conversations
        </Heading>
        {data && (
          <span className="conversation-list__meta" data-testid="hub-conversations-counts">
            {open} open · {data.unread} unread
          </span>
        )}
      </div>
      {error && !data && <ErrorPanel error={error} />}
      {data && threads.length === 0 && (
        <p className="muted">
          No conversation yet. Start one on an answer, a class, a census row or a task where the question is.
        </p>
      )}
      {threads.length > 0 && <ThreadList threads={threads} showClient={false} />}
    </section>
  );
}
