import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { SUPPORT_WIDGET_LOAD_WARNING_MS } from '@onboard/domain/web';
import { OPEN_CHAT_EVENT, SupportEmailLink } from './Support.tsx';

const PortalChatDialog = lazy(() =>
  import('../features/support/PortalChatDialog.tsx').then((m) => ({ default: m.PortalChatDialog })),
);

type Status = 'closed' | 'loading' | 'ready' | 'unavailable';

/**
 * The portal's support widget for a signed-in user: it answers 'Chat with us' (the event Support.tsx
 * dispatches, so without it the button falls back to e-mail) by opening the chat, whose code loads on
 * first use. A chat not ready within 6 s logs a warning and offers e-mail instead (platform §8, §9).
 */
export function PortalChatHost({ clientId }: { clientId: string | null }) {
  const [status, setStatus] = useState<Status>('closed');
  const close = useCallback(() => setStatus('closed'), []);
  const report = useCallback(
    (next: 'ready' | 'unavailable') => setStatus((now) => (now === 'closed' ? now : next)),
    [],
  );

  useEffect(() => {
    const open = (event: Event) => {
      event.preventDefault();
      setStatus((now) => (now === 'closed' ? 'loading' : now));
    };
    window.addEventListener(OPEN_CHAT_EVENT, open);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, open);
  }, []);

  useEffect(() => {
    if (status !== 'loading') return;
    const timer = setTimeout(() => {
      console.warn(`Support chat did not load within ${SUPPORT_WIDGET_LOAD_WARNING_MS / 1000} s`);
      setStatus('unavailable');
    }, SUPPORT_WIDGET_LOAD_WARNING_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (status === 'closed') return null;
  if (status === 'unavailable') {
    return (
      <div className="chat-unavailable" role="alert" data-testid="chat-unavailable">
        <p>
          The support chat is not available right now. Please e-mail <SupportEmailLink />.
        </p>
        <button type="button" className="button button--secondary" onClick={close}>
          Close
        </button>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="chat-unavailable" role="status">
          Connecting you with support…
        </p>
      }
    >
      <PortalChatDialog clientId={clientId} onClose={close} onStatus={report} />
    </Suspense>
  );
}
