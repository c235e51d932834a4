import { useState } from 'react';
import { Button } from '../../ui/controls.ts';
import { useLocation, useSearch } from 'wouter';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { ROLE_LABELS, type Role } from '../../api/types.ts';
import { SUPPORT_CHATS_PATH } from '../../app/routes.ts';
import { ChatThread } from './ChatThread.tsx';
import { usePortalChat, usePortalChats, type PortalChatView } from './api.ts';
import { QueryFallback, QueryState } from '../../ui/QueryState.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? 'User';
const PAGE_SIZE = 25;

function Summary({ chat }: { chat: PortalChatView }) {
  const last = chat.messages.at(-1);
  return (
    <>
      <span className="support-chats__who">
        {chat.user.name} <span className="muted">· {roleLabel(chat.user.role)}</span>
      </span>
      {chat.client && <span className="support-chats__client">{chat.client.name}</span>}
      <span className="support-chats__preview">{last ? last.text : 'No messages yet.'}</span>
      <span className="support-chats__when muted">
        {when(chat.lastMessageAt)}
        {chat.isWaitingForReply && (
          <span className="status-pill status-pill--warning">Waiting for reply</span>
        )}
      </span>
    </>
  );
}

function Conversation({ conversationId }: { conversationId: string }) {
  const { data, error, mutate } = usePortalChat(conversationId);
  if (error || data === undefined) return <QueryFallback error={error} />;
  if (data === null) return <p className="muted">This conversation is not available.</p>;
  return (
    <section className="card support-chats__conversation" aria-labelledby="support-chat-title">
      <h2 id="support-chat-title">{data.user.name}</h2>
      <p className="muted">
        {roleLabel(data.user.role)} ·{' '}
        <a className="text-link" href={`mailto:${data.user.email}`}>
          {data.user.email}
        </a>
        {data.client && <> · {data.client.name}</>} · started {when(data.startedAt)}
      </p>
      <ChatThread
        key={conversationId}
        conversationId={conversationId}
        messages={data.messages}
        viewer="agent"
        emptyText="The user has not written yet."
        onSent={() => void mutate()}
      />
    </section>
  );
}

/**
 * Staff's inbox of the portal's support chats (our design: /support/admin): the latest first, those
 * waiting for a reply marked; a conversation opens beside the list and is answered there.
 */
export function SupportChatsPage() {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const selected = search.get('conversation');
  const [offset, setOffset] = useState(0);
  const [isWaitingOnly, setWaitingOnly] = useState(false);
  const { data, error } = usePortalChats({ offset, isWaitingOnly });

  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>Support chats</h1>
      </div>
      <p>What users of the portal asked with 'Chat with us', latest first. Answer them here.</p>
      <CheckboxInput
        isSelected={isWaitingOnly}
        onChange={(value) => {
          setWaitingOnly(value);
          setOffset(0);
        }}
      >
        Waiting for reply only
      </CheckboxInput>
      <QueryState data={data} error={error} staleError="instead">
        {(data) => (
          <div className="support-chats">
            <div>
              {data.items.length === 0 ? (
                <p data-testid="support-chats-empty">No conversations.</p>
              ) : (
                <ul className="support-chats__list" aria-label="Conversations">
                  {data.items.map((chat) => (
                    <li key={chat.conversationId}>
                      <Button
                        className={`support-chats__item${chat.conversationId === selected ? ' is-selected' : ''}`}
                        aria-current={chat.conversationId === selected ? 'true' : undefined}
                        onPress={() =>
                          navigate(
                            `${SUPPORT_CHATS_PATH}?conversation=${encodeURIComponent(chat.conversationId)}`,
                          )
                        }
                      >
                        <Summary chat={chat} />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {data.total > PAGE_SIZE && (
                <Pager
                  page={offset / PAGE_SIZE + 1}
                  pageCount={Math.ceil(data.total / PAGE_SIZE)}
                  total={data.total}
                  noun={['conversation', 'conversations']}
                  onPage={(page) => setOffset((page - 1) * PAGE_SIZE)}
                />
              )}
            </div>
            {selected ? (
              <Conversation conversationId={selected} />
            ) : (
              <p className="muted">Choose a conversation to read and answer it.</p>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
