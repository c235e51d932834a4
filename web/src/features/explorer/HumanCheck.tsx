import { useEffect, useRef } from 'react';
// The widget without its inline worker blobs (the CSP allows only this origin's scripts and workers):
// its SHA-256 worker is built by Vite as a file of this origin and registered below.
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/es-419';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import type { ExplorerLanguage } from '@onboard/domain/web';
import type { HumanCheckChallenge } from './api.ts';

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

const WIDGET_LANGUAGE: Record<ExplorerLanguage, string> = { en: 'en', es: 'es-419' };

/**
 * The human check's widget (ALTCHA): a checkbox, operable from the keyboard and named for screen readers,
 * that solves the server's proof-of-work challenge in a worker and hands back the payload the send
 * carries as its token ('' until solved, and again when the challenge expires or fails). Keyed by the
 * challenge's nonce where it is used, so that a new challenge is a new widget.
 */
export function HumanCheck({
  challenge,
  language,
  onToken,
  errorId,
}: {
  challenge: HumanCheckChallenge;
  language: ExplorerLanguage;
  onToken: (token: string) => void;
  /** The id of the field error that describes the widget when the server refused its answer. */
  errorId?: string;
}) {
  const widget = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onToken(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', changed);
    return () => element.removeEventListener('statechange', changed);
  }, [onToken]);
  return (
    <altcha-widget
      ref={widget}
      challenge={JSON.stringify(challenge.challenge)}
      language={WIDGET_LANGUAGE[language]}
      auto="off"
      aria-describedby={errorId}
    />
  );
}
