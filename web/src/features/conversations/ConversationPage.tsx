import { Heading, Link } from '../../ui/controls.ts';
import { useClient } from '../../api/hooks.ts';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { MY_CONVERSATIONS_PAGE, useConversation } from './api.ts';
import { Thread } from './Thread.tsx';

/** One conversation on its own page: where a mention e-mail's link leads. */
export function ConversationPage({ clientId, threadId }: { clientId: string; threadId: string }) {
  const { data: thread, error } = useConversation(clientId, threadId);
  const { data: client } = useClient(clientId);
  return (
    <div className="page">
      <div className="page__header">
        <p className="eyebrow">
          {client?.name ?? 'Client'} · {thread ? thread.subjectTypeLabel : 'Conversation'}
        </p>
        <Heading level={1}>Conversation</Heading>
        <Link className="text-link" href={MY_CONVERSATIONS_PAGE}>
          All my conversations
        </Link>
      </div>
      {error && !thread && <ErrorPanel error={error} />}
      {!thread && !error && <PageSkeleton />}
      {thread && (
        <section className="card">
          <Thread clientId={clientId} thread={thread} headingLevel={2} />
        </section>
      )}
    </div>
  );
}
