import { TitledSection } from '../../ui/TitledSection.tsx';
import { ErrorPanel } from '../../ui/Feedback.tsx';
import { useClientConversations } from './api.ts';
import { ThreadList } from './MyConversationsPage.tsx';

/** The hub's card: every conversation of the client the person may see, and how many messages they have not read. */
export function HubConversations({ clientId }: { clientId: string }) {
  const { data, error } = useClientConversations(clientId);
  const threads = data?.threads ?? [];
  const open = threads.filter((t) => t.status === 'OPEN').length;
  return (
    <TitledSection
      id="hub-conversations"
      title="Conversations"
      className="card"
      header={
        data && (
          <span className="conversation-list__meta" data-testid="hub-conversations-counts">
            {open} open · {data.unread} unread
          </span>
        )
      }
    >
      {error && !data && <ErrorPanel error={error} />}
      {data && threads.length === 0 && (
        <p className="muted">
          No conversation yet. Start one on an answer, a class, a census row or a task where the question is.
        </p>
      )}
      {threads.length > 0 && <ThreadList threads={threads} showClient={false} />}
    </TitledSection>
  );
}
