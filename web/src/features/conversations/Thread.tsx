import { useEffect, useState } from 'react';
import { Button, Heading } from '../../ui/controls.ts';
import { MessageForm } from '../../ui/MessageForm.tsx';
import { useAction } from '../../api/action.ts';
import { ApiError } from '../../api/errors.ts';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { ErrorPanel } from '../../ui/Feedback.tsx';
import { CheckboxGroupInput, CheckboxInput } from '../../ui/Checkbox.tsx';
import { formatWhen } from '../../ui/format.ts';
import {
  markThreadRead,
  replyToThread,
  setThreadResolved,
  startThread,
  useConversationPeople,
  useRefreshConversations,
  type ConversationKind,
  type ConversationSubject,
  type ConversationThread,
} from './api.ts';
import './conversations.css';

const MESSAGE_MAX_LENGTH = 4000;

/** The people a message may mention, as checkboxes by name and role; each mentioned gets an e-mail. */
function MentionPicker({
  clientId,
  kind,
  value,
  onChange,
  error,
}: {
  clientId: string;
  kind: ConversationKind;
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  const { data } = useConversationPeople(clientId, kind);
  const { data: user } = useAuthenticatedUser();
  const others = (data?.people ?? []).filter((p) => p.userId !== user?.id);
  return (
    <CheckboxGroupInput
      label="Mention"
      description="Each person mentioned gets an e-mail with a link to the conversation."
      value={value}
      onChange={onChange}
      error={error}
      className="conversation__mentions"
      options={others.map((p) => ({ value: p.userId, label: `${p.name} (${p.roleLabel})` }))}
      empty="Nobody else can see this conversation."
    />
  );
}

/**
 * Writing in a conversation: the message, whom it mentions and, for a new thread started by staff,
 * whether it is an internal note. A refused message keeps what was written and says why by its field.
 */
export function Composer({
  clientId,
  thread,
  subject,
  canWriteInternal = false,
  onDone,
}: {
  clientId: string;
  /** The thread replied to; none: a new thread on `subject`. */
  thread?: ConversationThread;
  subject?: ConversationSubject;
  canWriteInternal?: boolean;
  onDone?: (threadId: string) => void;
}) {
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const [isInternal, setInternal] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const refresh = useRefreshConversations();
  const kind: ConversationKind = thread?.kind ?? (isInternal ? 'INTERNAL' : 'SHARED');
  const sending = useAction(
    async () => {
      const threadId = thread
        ? (await replyToThread(clientId, thread.threadId, { text, mentions }), thread.threadId)
        : (await startThread(clientId, { kind, subject: subject!, text, mentions })).threadId;
      setText('');
      setMentions([]);
      await refresh(clientId);
      return threadId;
    },
    {
      onSuccess: (threadId) => onDone?.(threadId),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
          setErrors(error.fieldErrors);
        else setFailure(error);
      },
    },
  );

  const submit = () => {
    if (sending.isPending) return;
    if (text.trim() === '') {
      setErrors({ text: 'Please write a message' });
      return;
    }
    setErrors({});
    setFailure(null);
    void sending.run();
  };

  return (
    <MessageForm
      className="conversation__form"
      label={thread ? 'Reply' : 'Message'}
      value={text}
      onChange={setText}
      maxLength={MESSAGE_MAX_LENGTH}
      error={errors.text}
      onSend={submit}
      send={sending.isPending ? 'Sending…' : thread ? 'Send reply' : 'Start conversation'}
    >
      {!thread && canWriteInternal && (
        <CheckboxInput isSelected={isInternal} onChange={setInternal}>
          Internal note (staff only: never shown to the client)
        </CheckboxInput>
      )}
      <MentionPicker
        clientId={clientId}
        kind={kind}
        value={mentions}
        onChange={setMentions}
        error={errors.mentions}
      />
      {failure !== null && <ErrorPanel error={failure} />}
    </MessageForm>
  );
}

const ENTRY_WORDS = { resolved: 'resolved the conversation', reopened: 'reopened the conversation' } as const;

/** One thread: its messages and what happened to it in order, a reply box, resolve or reopen. */
export function Thread({
  clientId,
  thread,
  isReadOnly = false,
  headingLevel = 3,
}: {
  clientId: string;
  thread: ConversationThread;
  /** As of a past time (the EIF history): shown, never written in. */
  isReadOnly?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const [failure, setFailure] = useState<unknown>(null);
  const refresh = useRefreshConversations();
  const isResolved = thread.status === 'RESOLVED';
  const { threadId, unread } = thread;

  // Shown is read: the unread count goes once the person has the thread in front of them.
  useEffect(() => {
    if (isReadOnly || unread === 0) return;
    void markThreadRead(clientId, threadId).then(
      () => refresh(clientId),
      () => undefined,
    );
  }, [clientId, threadId, unread, isReadOnly, refresh]);

  const toggle = async () => {
    setFailure(null);
    try {
      await setThreadResolved(clientId, threadId, !isResolved);
      await refresh(clientId);
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <article
      className={`conversation conversation--${thread.status.toLowerCase()}`}
      data-testid="conversation"
    >
      <div className="conversation__head">
        <Heading level={headingLevel} className="conversation__title">
          {thread.subject.label}
        </Heading>
        <span className={`badge${isResolved ? ' badge--success' : ''}`} data-testid="conversation-status">
          {thread.statusLabel}
        </span>
        {thread.kind === 'INTERNAL' && <span className="badge">{thread.kindLabel}</span>}
      </div>
      <ol className="conversation__entries" aria-label="Messages">
        {thread.entries.map((e) =>
          e.entry === 'message' ? (
            <li key={e.entryId} className={`chat__message chat__message--${e.isMine ? 'own' : 'other'}`}>
              <span className="chat__author">{e.isMine ? 'You' : e.author}</span>
              <span className="chat__text">{e.text}</span>
              {e.mentions.length > 0 && (
                <span className="conversation__mentioned">Mentioned: {e.mentions.join(', ')}</span>
              )}
              <time className="chat__time" dateTime={e.at}>
                {formatWhen(e.at)}
              </time>
            </li>
          ) : (
            <li key={e.entryId} className="conversation__event">
              {e.isMine ? 'You' : e.author} {ENTRY_WORDS[e.entry]} · {formatWhen(e.at)}
            </li>
          ),
        )}
      </ol>
      {failure !== null && <ErrorPanel error={failure} />}
      {!isReadOnly && (
        <>
          <Composer clientId={clientId} thread={thread} />
          <div className="button-row">
            <Button className="button button--secondary" onPress={() => void toggle()}>
              {isResolved ? 'Reopen' : 'Resolve'}
            </Button>
          </div>
        </>
      )}
    </article>
  );
}
