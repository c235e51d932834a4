import { useEffect, useState } from 'react';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { ErrorPanel } from '../../ui/Feedback.tsx';
import { ChatThread } from './ChatThread.tsx';
import { openOwnChat, usePortalChat } from './api.ts';

/**
 * 'Chat with us' in the portal: the signed-in user's conversation with the carrier's support team (the
 * latest one goes on; the first opens a new one, about the client they have open). It tells its host
 * when it is ready or cannot be, so a chat that does not come up is reported (platform §8).
 */
export function PortalChatDialog({
  clientId,
  onClose,
  onStatus,
}: {
  clientId: string | null;
  onClose: () => void;
  onStatus: (status: 'ready' | 'unavailable') => void;
}) {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const { data, error, mutate } = usePortalChat(conversationId);

  useEffect(() => {
    let isCancelled = false;
    openOwnChat({ clientId, page: window.location.pathname })
      .then((id) => {
        if (isCancelled) return;
        setConversationId(id);
        onStatus('ready');
      })
      .catch(() => !isCancelled && onStatus('unavailable'));
    return () => {
      isCancelled = true;
    };
    // Opened once per showing of the dialog.
  }, []);

  return (
    <ModalDialog title="Chat with support" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <p className="muted">
        Ask about your onboarding: our support team answers here. You can close this and come back to the
        conversation later.
      </p>
      {/* A conversation just opened (data null) is the empty one until it can be read. */}
      {conversationId && data !== undefined ? (
        <ChatThread
          conversationId={conversationId}
          messages={data?.messages ?? []}
          viewer="user"
          emptyText="No messages yet."
          onSent={() => void mutate()}
        />
      ) : error ? (
        <ErrorPanel error={error} />
      ) : (
        <p role="status">Connecting you with support…</p>
      )}
    </ModalDialog>
  );
}
