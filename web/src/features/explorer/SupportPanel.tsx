import { Suspense, useEffect, useRef, useState } from 'react';
import { Button, Link } from '../../ui/controls.ts';
import {
  type ContactOption,
  nextSupportPanelState,
  SUPPORT_WIDGET_LOAD_WARNING_MS,
  type SupportPanelState,
} from '@onboard/domain/web';
import type { ExplorerPageView } from './api.ts';
import { useLocale } from './context.ts';
import { LazyLeadDialog, LazySupportChat } from './lazy.ts';

/** How long expanding and collapsing take (the CSS transition of .explorer-support-panel). */
const SUPPORT_PANEL_MOTION_MS = 200;

export type ChatStatus = 'loading' | 'ready' | 'unavailable';

/**
 * The support panel (explorer §2, §4): collapsed, expanding, expanded, collapsing; Escape closes it and
 * focus goes back to its button. A disclosure, not a modal: the page stays usable beside it. The chat
 * inside loads on first open; if it is not ready within 6 s a warning is logged (platform §8, §9) and
 * the visitor is told it is unavailable, with a retry.
 *
 * It offers exactly the contact options the site enables (domain contactOptions, explorer §3): the chat,
 * a link to book a call, and 'Email us'. The page does not render the panel when there is none.
 */
export function SupportPanel({
  page,
  options,
}: {
  page: ExplorerPageView;
  options: readonly ContactOption[];
}) {
  const { t } = useLocale();
  const hasChat = options.some((o) => o.kind === 'liveChat');
  const appointment = options.find(
    (o): o is Extract<ContactOption, { kind: 'appointment' }> => o.kind === 'appointment',
  );
  const hasEmail = options.some((o) => o.kind === 'email');
  const [isLeadOpen, setLeadOpen] = useState(false);
  const [state, setState] = useState<SupportPanelState>('collapsed');
  const [chat, setChat] = useState<ChatStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const isOpen = state === 'expanding' || state === 'expanded';

  useEffect(() => {
    if (state !== 'expanding' && state !== 'collapsing') return;
    const timer = setTimeout(
      () => setState((s) => nextSupportPanelState(s, 'animationEnd')),
      SUPPORT_PANEL_MOTION_MS,
    );
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state === 'expanding') panelRef.current?.focus();
  }, [state]);

  useEffect(() => {
    if (!isOpen || !hasChat || chat !== 'loading') return;
    const timer = setTimeout(() => {
      console.warn(`Support chat did not load within ${SUPPORT_WIDGET_LOAD_WARNING_MS / 1000} s`);
      setChat('unavailable');
    }, SUPPORT_WIDGET_LOAD_WARNING_MS);
    return () => clearTimeout(timer);
  }, [isOpen, hasChat, chat, attempt]);

  const close = () => {
    setState((s) => nextSupportPanelState(s, 'close'));
    toggleRef.current?.focus();
  };

  // Escape closes the open panel wherever focus is (it may have left a control that went away); a
  // modal dialog on top handles its own Escape and stops it before it gets here.
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setState((s) => nextSupportPanelState(s, 'close'));
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  return (
    <aside className="explorer-support" aria-label={t.supportTitle} data-testid="support">
      {state !== 'collapsed' && (
        <div
          ref={panelRef}
          id="explorer-support-panel"
          className={`explorer-support-panel explorer-support-panel--${state}`}
          data-state={state}
          data-chat={hasChat ? chat : undefined}
          tabIndex={-1}
          aria-labelledby="explorer-support-title"
          role="group"
        >
          <div className="explorer-support-header">
            <h2 id="explorer-support-title">{t.supportTitle}</h2>
            <Button
              className="explorer-button explorer-button--icon"
              aria-label={t.supportClose}
              onPress={close}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          <p className="explorer-hint">{t.supportIntro}</p>
          {(appointment || hasEmail) && (
            <ul className="explorer-support-options" aria-label={t.supportOptions}>
              {appointment && (
                <li>
                  <Link
                    className="explorer-button"
                    href={appointment.url}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t.supportBookCall}
                    <span className="explorer-sr-only"> {t.opensInNewTab}</span>
                  </Link>
                </li>
              )}
              {hasEmail && (
                <li>
                  {/* 'Email us' opens the lead dialog: it is the form that writes to the provider's team,
                      who answer by e-mail. The e-mail-benefits form only sends the visitor's own plans to
                      the visitor, so it would not reach anyone. */}
                  <Button
                    className="explorer-button"
                    aria-haspopup="dialog"
                    onPress={() => setLeadOpen(true)}
                  >
                    {t.supportEmailUs}
                  </Button>
                </li>
              )}
            </ul>
          )}
          {!hasChat ? null : chat === 'unavailable' ? (
            <div role="alert" className="explorer-support-unavailable">
              <p>{t.supportUnavailable}</p>
              <Button
                className="explorer-button"
                onPress={() => {
                  setChat('loading');
                  setAttempt((n) => n + 1);
                }}
              >
                {t.supportRetry}
              </Button>
            </div>
          ) : (
            <Suspense fallback={<p role="status">{t.supportLoading}</p>}>
              <LazySupportChat
                key={attempt}
                page={page}
                isReady={chat === 'ready'}
                onStatus={(status) => setChat(status)}
              />
            </Suspense>
          )}
        </div>
      )}
      <Button
        ref={toggleRef}
        className="explorer-button explorer-button--brand explorer-support-toggle"
        aria-expanded={isOpen}
        aria-controls={state === 'collapsed' ? undefined : 'explorer-support-panel'}
        onPress={() => setState((s) => nextSupportPanelState(s, 'toggle'))}
      >
        {hasChat ? t.supportOpen : t.supportOpenNoChat}
      </Button>
      {isLeadOpen && (
        <Suspense fallback={null}>
          <LazyLeadDialog
            explorerPageId={page.explorerPageId}
            isOpen={isLeadOpen}
            onOpenChange={setLeadOpen}
          />
        </Suspense>
      )}
    </aside>
  );
}
