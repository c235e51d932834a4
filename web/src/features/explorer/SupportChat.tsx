import { useAtom } from '../../state/store.ts';
import { useEffect, useRef, useState } from 'react';
import { MessageForm } from '../../ui/MessageForm.tsx';
import { useAction } from '../../api/action.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH, supportMessageError } from '@onboard/domain/web';
import type { ExplorerPageView } from './api.ts';
import { useLocale } from './context.ts';
import { translateRuleMessage } from './i18n.ts';
import { supportConversationAtom } from '../../state/explorer.ts';
import {
  builtInChatAdapter,
  ChatRefused,
  ChatThrottled,
  type ChatConversation,
  type ChatMessage,
  type SupportChatAdapter,
} from './support-chat.ts';
import type { ChatStatus } from './SupportPanel.tsx';

/** Chosen: agent answers show up within a few seconds without hammering the read side. */
const POLL_MS = 4_000;

const merged = (a: readonly ChatMessage[], b: readonly ChatMessage[]) =>
  [...new Map([...a, ...b].map((m) => [m.messageId, m])).values()].sort((x, y) =>
    x.at === y.at ? x.messageId.localeCompare(y.messageId) : x.at.localeCompare(y.at),
  );

/** The chat inside the support panel, over a SupportChatAdapter (the built-in one by default). */
export function SupportChat({
  page,
  isReady,
  onStatus,
  adapter = builtInChatAdapter,
}: {
  page: ExplorerPageView;
  isReady: boolean;
  onStatus: (status: ChatStatus) => void;
  adapter?: SupportChatAdapter;
}) {
  const { t, language } = useLocale();
  const [ids, setIds] = useAtom(supportConversationAtom);
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pageId = page.explorerPageId;
  const known = useRef(ids[pageId]);

  useEffect(() => {
    let isCancelled = false;
    void (async () => {
      try {
        const resumed = known.current ? await adapter.read(pageId, known.current) : null;
        const found = resumed ?? (await adapter.start(pageId, language));
        if (isCancelled) return;
        if (!resumed) setIds((all) => ({ ...all, [pageId]: found.conversationId }));
        setConversation(found);
        onStatus('ready');
      } catch {
        if (!isCancelled) onStatus('unavailable');
      }
    })();
    return () => {
      isCancelled = true;
    };
    // Started once per mount (the panel remounts this to retry), so it lists none of its inputs.
  }, []);

  const conversationId = conversation?.conversationId;
  useEffect(() => {
    if (!conversationId) return;
    const timer = setInterval(() => {
      adapter
        .read(pageId, conversationId)
        .then((fresh) => {
          if (fresh) setConversation((c) => (c ? { ...c, messages: merged(c.messages, fresh.messages) } : c));
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [adapter, pageId, conversationId]);

  const sending = useAction((id: string, body: string) => adapter.send(pageId, id, body), {
    onSuccess: (sent) => {
      setConversation((c) => (c ? { ...c, messages: merged(c.messages, [sent]) } : c));
      setText('');
    },
    onError: (failure) => {
      const refused = failure instanceof ChatRefused ? failure.fields.text : undefined;
      if (failure instanceof ChatThrottled) setError(t.tooManyAttempts(failure.minutes));
      else setError(refused ? translateRuleMessage(refused, language) : t.formError);
    },
  });

  if (!isReady || !conversation) return <p role="status">{t.supportLoading}</p>;

  const submit = () => {
    const message = supportMessageError(text);
    setError(message ? translateRuleMessage(message, language) : undefined);
    if (message) return;
    void sending.run(conversation.conversationId, text.trim());
  };

  return (
    <div className="explorer-support-chat" data-testid="support-chat">
      <p className="explorer-hint">{t.supportDepartment(conversation.department)}</p>
      <ol className="explorer-support-messages" aria-label={t.supportConversation} aria-live="polite">
        {conversation.messages.length === 0 && <li className="explorer-hint">{t.supportEmpty}</li>}
        {conversation.messages.map((m) => (
          <li key={m.messageId} className={`explorer-support-message explorer-support-message--${m.author}`}>
            <span className="explorer-support-author">
              {m.author === 'agent' ? t.supportAgent : t.supportYou}:
            </span>{' '}
            {m.text}
          </li>
        ))}
      </ol>
      <MessageForm
        className="explorer-form"
        look="explorer"
        label={t.supportMessage}
        value={text}
        onChange={setText}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        error={error}
        onSend={submit}
        send={sending.isPending ? t.sending : t.supportSend}
      />
    </div>
  );
}
