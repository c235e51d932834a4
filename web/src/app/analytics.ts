import { postPublic } from '../api/public.ts';

/**
 * The portal's one analytics module (platform §7 Analytics events): page, identify, Status Changed,
 * Element Clicked, Element Viewed, Element Changed, feedback and push-notification events, sent in batches
 * to POST /api/analytics/events on the portal's own origin (so the strict CSP holds and no SDK weighs on a
 * page); the server keeps them and, with a Segment write key configured, forwards them with Segment's
 * maintained Node SDK. Sending never throws into the page: analytics is best effort.
 * The shell loads this module when it first sends (App.tsx, tracking-params.ts), off the first page.
 */

export type TrackEventName =
  | 'Status Changed'
  | 'Element Clicked'
  | 'Element Viewed'
  | 'Element Changed'
  | 'Feedback Submitted'
  | 'Push Notification Received'
  | 'Push Notification Clicked';

type Properties = Record<string, unknown>;
type QueuedEvent = {
  kind: 'page' | 'identify' | 'track';
  event: string;
  properties: Properties;
  anonymousId: string;
  occurredAt: string;
};

/** What the events go to: the portal (which keeps them and forwards them where configured). */
type Sink = {
  page: (name: string, properties: Properties) => void;
  identify: (userId: string, traits: Properties) => void;
  track: (event: string, properties: Properties) => void;
};

const ANONYMOUS_ID_KEY = 'onboard_anonymous_id';
const BATCH_DELAY_MS = 1000;
const BATCH_MAX = 20;

function anonymousId(): string {
  try {
    const known = localStorage.getItem(ANONYMOUS_ID_KEY);
    if (known) return known;
    const id = crypto.randomUUID();
    localStorage.setItem(ANONYMOUS_ID_KEY, id);
    return id;
  } catch {
    return 'anonymous';
  }
}

/** The portal's own sink: events queue for a second (or 20 events), then go as one batch. */
function tableSink(): Sink {
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const events = queue;
    queue = [];
    if (events.length === 0) return;
    try {
      await postPublic('/api/analytics/events', {}, { events }, { keepalive: true });
    } catch {
      // Best effort: a lost batch is not worth an error on the page.
    }
  };

  const add = (kind: QueuedEvent['kind'], event: string, properties: Properties) => {
    queue.push({ kind, event, properties, anonymousId: anonymousId(), occurredAt: new Date().toISOString() });
    if (queue.length >= BATCH_MAX) void flush();
    else timer ??= setTimeout(() => void flush(), BATCH_DELAY_MS);
  };

  addEventListener('pagehide', () => void flush());
  return {
    page: (name, properties) => add('page', 'page', { name, ...properties }),
    identify: (userId, traits) => add('identify', 'identify', { userId, ...traits }),
    track: (event, properties) => add('track', event, properties),
  };
}

let sink: Sink | null = null;

const send = (use: (s: Sink) => void) => {
  try {
    use((sink ??= tableSink()));
  } catch {
    // Best effort.
  }
};

/** A page view: the route's name and its path (without the query, which may carry personal data). */
export function page(name: string, properties: Properties = {}): void {
  send((s) => s.page(name, { path: location.pathname, ...properties }));
}

/** Who is signed in, once per sign-in (and once per page load of a session). */
export function identify(userId: string, traits: Properties = {}): void {
  send((s) => s.identify(userId, traits));
}

export function track(event: TrackEventName, properties: Properties = {}): void {
  send((s) => s.track(event, properties));
}

export const statusChanged = (properties: Properties) => track('Status Changed', properties);
export const elementClicked = (properties: Properties) => track('Element Clicked', properties);
export const elementViewed = (properties: Properties) => track('Element Viewed', properties);
export const elementChanged = (properties: Properties) => track('Element Changed', properties);
export const feedbackSubmitted = (properties: Properties) => track('Feedback Submitted', properties);
export const pushNotification = (action: 'Received' | 'Clicked', properties: Properties) =>
  track(`Push Notification ${action}`, properties);
