import type { SiteRef } from './api.ts';
import { useCheckedText } from '../../ui/field-binding.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  FieldError,
  Form,
  GridList,
  GridListItem,
  Heading,
  Label,
  Link,
  TextArea,
  TextField,
  type Selection,
} from '../../ui/controls.ts';
import { useLocation, useSearch } from 'wouter';
import { useSWRConfig } from 'swr';
import { SUPPORT_MESSAGE_MAX_LENGTH, supportMessageError } from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { editExplorerSitePath, publicExplorerPath, useExplorerSite } from './api.ts';
import {
  explorerSupportPath,
  postSupportReply,
  supportConversationPath,
  useConversationPreview,
  useRefreshSupportList,
  useSupportConversation,
  useSupportConversations,
} from './support-api.ts';
import {
  isWaitingForReply,
  LANGUAGE_LABELS,
  mergeSentReplies,
  previewOf,
  type SupportConversationSummary,
  type SupportMessage,
} from './support-model.ts';
import './explorer-admin.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const languageOf = (code: string) => LANGUAGE_LABELS[code] ?? code;
const AUTHOR_LABELS = { visitor: 'Visitor', agent: 'Support' } as const;

function WaitingPill() {
  return (
    <span className="status-pill status-pill--warning" data-testid="support-waiting">
      Waiting for reply
    </span>
  );
}

/** A list row's body; its last message comes from the conversation itself (see useConversationPreview). */
function ConversationRow({
  explorerPageId,
  summary,
}: {
  explorerPageId: string;
  summary: SupportConversationSummary;
}) {
  const { data } = useConversationPreview(explorerPageId, summary);
  const last = data?.messages.at(-1);
  const count = summary.messageCount;
  return (
    <div className="support-inbox__row">
      <div className="support-inbox__row-head">
        <strong>{when(summary.startedAt)}</strong>
        {data && isWaitingForReply(data.messages) && <WaitingPill />}
      </div>
      <div className="muted support-inbox__row-meta">
        {summary.department} · {languageOf(summary.language)} · {count} message{count === 1 ? '' : 's'}
      </div>
      <div className="support-inbox__row-last">
        {count === 0 && <span className="muted">No messages yet</span>}
        {count > 0 && !last && <span className="skeleton__line skeleton__line--short" aria-hidden="true" />}
        {last && (
          <>
            <span className="support-inbox__row-author">{AUTHOR_LABELS[last.author]}:</span>{' '}
            {previewOf(last.text)}
          </>
        )}
      </div>
    </div>
  );
}

function ReplyForm({
  explorerPageId,
  conversationId,
  onSent,
}: {
  explorerPageId: string;
  conversationId: string;
  onSent: (message: SupportMessage) => void;
}) {
  const { value: text, setValue: setText, error, setError, change: changeText } = useCheckedText();
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const invalid = supportMessageError(text);
    setError(invalid);
    if (invalid !== null) return;
    setIsPending(true);
    try {
      const answer = await postSupportReply(explorerPageId, conversationId, text.trim());
      onSent({ messageId: answer.messageId, author: answer.author, text: answer.text, at: answer.at });
      setText('');
    } catch (caught) {
      const fieldError = caught instanceof ApiError ? caught.fieldErrors.text : undefined;
      if (fieldError) setError(fieldError);
      else setFailure(caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Form className="support-inbox__reply" onSubmit={(e) => void submit(e)} validationBehavior="aria">
      <TextField
        className="field support-inbox__reply-field"
        value={text}
        onChange={changeText}
        isInvalid={error !== null}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
      >
        <Label className="field__label">Reply</Label>
        <TextArea className="field__input support-inbox__reply-input" rows={3} />
        <FieldError className="field__error">{error}</FieldError>
      </TextField>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="xa-actions">
        <Button type="submit" className="button button--primary" isPending={isPending}>
          Send reply
        </Button>
      </div>
    </Form>
  );
}

function Thread({ explorerPageId, conversationId }: { explorerPageId: string; conversationId: string }) {
  const { data, error } = useSupportConversation(explorerPageId, conversationId);
  const { mutate } = useSWRConfig();
  const refreshList = useRefreshSupportList(explorerPageId);
  // Replies sent from here, shown until the read side has them too.
  const [sent, setSent] = useState<SupportMessage[]>([]);
  const messages = mergeSentReplies(data?.messages ?? [], sent);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  if (error && !data) return <ErrorPanel error={error} />;
  if (!data) return <PageSkeleton />;
  return (
    <div className="support-inbox__thread" data-testid="support-thread">
      <div className="card__header">
        <div>
          <Heading level={2} className="card__title">
            Conversation
          </Heading>
          <div className="muted">
            Started {when(data.startedAt)} · {data.department} · {languageOf(data.language)}
          </div>
        </div>
        {isWaitingForReply(messages) && <WaitingPill />}
      </div>
      <div className="support-inbox__log" role="log" aria-label="Messages" ref={logRef}>
        {messages.length === 0 ? (
          <p className="muted">The visitor has not written anything yet.</p>
        ) : (
          <ol className="support-inbox__messages">
            {messages.map((m) => (
              <li
                key={m.messageId}
                className={`support-inbox__message support-inbox__message--${m.author}`}
                data-testid="support-message"
                data-author={m.author}
              >
                <div className="support-inbox__message-meta">
                  {AUTHOR_LABELS[m.author]} · {when(m.at)}
                </div>
                <p className="support-inbox__message-text">{m.text}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <ReplyForm
        explorerPageId={explorerPageId}
        conversationId={conversationId}
        onSent={(message) => {
          setSent((previous) => [...previous, message]);
          void mutate(supportConversationPath(explorerPageId, conversationId));
          void refreshList();
        }}
      />
    </div>
  );
}

function Inbox({ clientId, explorerPageId }: { clientId: string; explorerPageId: string }) {
  const { data, error } = useSupportConversations(explorerPageId);
  const [, navigate] = useLocation();
  const selected = new URLSearchParams(useSearch()).get('conversation');
  const items = data?.items ?? [];

  const select = (keys: Selection) => {
    if (keys === 'all') return;
    const [key] = [...keys];
    if (key === undefined) return;
    const base = explorerSupportPath(clientId, explorerPageId);
    navigate(`${base}?${new URLSearchParams({ conversation: String(key) })}`, { replace: true });
  };

  return (
    <div className="support-inbox__layout">
      <section className="card support-inbox__list-card" aria-labelledby="support-list-title">
        <div className="card__header">
          <Heading level={2} id="support-list-title" className="card__title">
            Conversations
          </Heading>
          {data && (
            <span className="muted">
              {items.length} conversation{items.length === 1 ? '' : 's'}
            </span>
          )}
        </div>
        {error && !data && <ErrorPanel error={error} />}
        {!data && !error && <PageSkeleton />}
        {data && items.length === 0 && (
          <p className="muted support-inbox__empty" data-testid="support-empty">
            No visitor has started a chat on this site yet. New conversations appear here on their own.
          </p>
        )}
        {items.length > 0 && (
          <GridList
            aria-label="Conversations"
            className="support-inbox__list"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={selected ? [selected] : []}
            onSelectionChange={select}
          >
            {items.map((summary) => (
              <GridListItem
                key={summary.conversationId}
                id={summary.conversationId}
                textValue={`Conversation started ${when(summary.startedAt)}`}
                className="support-inbox__item"
                data-testid="support-conversation"
              >
                <ConversationRow explorerPageId={explorerPageId} summary={summary} />
              </GridListItem>
            ))}
          </GridList>
        )}
      </section>
      <section className="card support-inbox__thread-card" aria-label="Selected conversation">
        {selected ? (
          <Thread key={selected} explorerPageId={explorerPageId} conversationId={selected} />
        ) : (
          <p className="muted support-inbox__placeholder">Select a conversation to read it and reply.</p>
        )}
      </section>
    </div>
  );
}

/** Staff read and answer the support chats of one Explorer site (our design; explorer §2 internal). */
export function ExplorerSupportPage({ clientId, explorerPageId }: SiteRef) {
  const { data: site, error } = useExplorerSite(clientId, explorerPageId);
  return (
    <div className="page page--wide support-inbox">
      <div className="page__header">
        <Link href={editExplorerSitePath(clientId, explorerPageId)} className="back-link">
          <span aria-hidden="true">←</span> {site?.name ?? 'Explorer site'}
        </Link>
        <div className="page__header--row">
          <Heading level={1}>Support conversations</Heading>
          {site && (
            <div className="xa-actions">
              <Link
                className="button button--secondary"
                href={publicExplorerPath(site.vanitySlug ?? explorerPageId)}
                target="_blank"
              >
                Open public page
              </Link>
            </div>
          )}
        </div>
        <p className="muted">Chats from the site’s support panel. This page refreshes every few seconds.</p>
      </div>
      {error && !site && <ErrorPanel error={error} />}
      {!site && !error && <PageSkeleton />}
      {site && <Inbox clientId={clientId} explorerPageId={explorerPageId} />}
    </div>
  );
}
