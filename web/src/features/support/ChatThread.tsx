import { useState } from 'react';
import { MessageForm } from '../../ui/MessageForm.tsx';
import { SUPPORT_MESSAGE_MAX_LENGTH, supportMessageError } from '@onboard/domain/web';
import { ApiError } from '../../api/errors.ts';
import { ErrorPanel } from '../../ui/Feedback.tsx';
import { sendChatMessage, type PortalChatMessage } from './api.ts';
import { useAction } from '../../api/action.ts';
import './support.css';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A support conversation's messages and the box to write the next one, for the user who asked and for
 * staff answering. Sent messages show at once and stay until the read model has them.
 */
export function ChatThread({
  conversationId,
  messages,
  viewer,
  emptyText,
  onSent,
}: {
  conversationId: string;
  messages: readonly PortalChatMessage[];
  /** Whose side the reader is on: their own messages read 'You'. */
  viewer: 'user' | 'agent';
  emptyText: string;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const sending = useAction((body: string) => sendChatMessage(conversationId, body), {
    onSuccess: (message) => {
      setSent((all) => [...all, { ...message, authorName: 'You' }]);
      setText('');
      onSent();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fieldErrors.text : undefined;
      if (field) setFieldError(field);
      else setFailure(error);
    },
  });
  const [sent, setSent] = useState<PortalChatMessage[]>([]);
  const known = new Set(messages.map((m) => m.messageId));
  const shown = [...messages, ...sent.filter((m) => !known.has(m.messageId))];

  const submit = async () => {
    const refused = supportMessageError(text);
    setFieldError(refused ?? undefined);
    setFailure(null);
    if (refused) return;
    await sending.run(text.trim());
  };

  return (
    <div className="chat" data-testid="chat-thread">
      <ol className="chat__messages" aria-label="Conversation" aria-live="polite">
        {shown.length === 0 && <li className="muted">{emptyText}</li>}
        {shown.map((m) => (
          <li
            key={m.messageId}
            className={`chat__message chat__message--${m.author === viewer ? 'own' : 'other'}`}
          >
            <span className="chat__author">{m.author === viewer ? 'You' : m.authorName}</span>
            <span className="chat__text">{m.text}</span>
            <time className="chat__time" dateTime={m.at}>
              {timeOf(m.at)}
            </time>
          </li>
        ))}
      </ol>
      <MessageForm
        className="chat__form"
        label="Message"
        value={text}
        onChange={setText}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        error={fieldError}
        onSend={() => void submit()}
        send={sending.isPending ? 'Sending…' : 'Send'}
      >
        {failure !== null && <ErrorPanel error={failure} />}
      </MessageForm>
    </div>
  );
}
