import { useId, useState } from 'react';
import { Button, Heading } from '../../ui/controls.ts';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { isAdminRole } from '../../api/types.ts';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { useClientConversations, type ConversationSubject } from './api.ts';
import { Composer, Thread } from './Thread.tsx';

/**
 * The conversations on one subject (an answer, a class, a census row, a task): its threads, each with
 * replies, resolve and reopen, and a way to start another. As of a past time it only shows them.
 */
export function Conversations({
  clientId,
  subject,
  asOf,
  headingLevel = 2,
}: {
  clientId: string;
  subject: ConversationSubject;
  asOf?: string;
  headingLevel?: 2 | 3;
}) {
  const { data, error } = useClientConversations(clientId, { subject, ...(asOf ? { asOf } : {}) });
  const { data: user } = useAuthenticatedUser();
  const [isStarting, setStarting] = useState(false);
  const headingId = useId();
  const threads = data?.threads ?? [];
  return (
    <section className="conversations" aria-labelledby={headingId} data-testid="conversations">
      <div className="conversations__head">
        <Heading level={headingLevel} id={headingId} className="card__title">
          Conversations on {subject.label}
        </Heading>
        {!asOf && !isStarting && (
          <Button className="button button--secondary" onPress={() => setStarting(true)}>
            Start a conversation
          </Button>
        )}
      </div>
      {error && !data && <ErrorPanel error={error} />}
      {!data && !error && <PageSkeleton />}
      {data && threads.length === 0 && !isStarting && (
        <p className="muted">{asOf ? 'No conversation on this then.' : 'No conversation on this yet.'}</p>
      )}
      {isStarting && (
        <Composer
          clientId={clientId}
          subject={subject}
          canWriteInternal={user ? isAdminRole(user.role) : false}
          onDone={() => setStarting(false)}
        />
      )}
      {threads.map((thread) => (
        <Thread
          key={thread.threadId}
          clientId={clientId}
          thread={thread}
          isReadOnly={Boolean(asOf)}
          headingLevel={headingLevel === 2 ? 3 : 4}
        />
      ))}
    </section>
  );
}
