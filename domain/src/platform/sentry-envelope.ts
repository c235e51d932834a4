/**
 * The Sentry envelope (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON header line, then
 * items, each a JSON header line and a payload (of `length` bytes when the header gives one, else up to
 * the next newline). Pure: the tunnel (platform/src/error-reporting) reads the dsn and the events with it.
 */
export type EnvelopeItem = { type: string; header: Record<string, unknown>; payload: Uint8Array };
export type Envelope = { header: Record<string, unknown>; items: EnvelopeItem[] };

/** What the staff page shows of one reported error, in words. */
export type ErrorSummary = {
  eventId: string | null;
  level: string;
  message: string;
  url: string | null;
  release: string | null;
  environment: string | null;
  /** The event's time as sent: seconds since the epoch, or RFC 3339 text; null when absent. */
  occurredAt: number | string | null;
};

export class EnvelopeError extends Error {}

const NEWLINE = 0x0a;
const decoder = new TextDecoder();

function jsonObject(bytes: Uint8Array, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new EnvelopeError(`The ${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new EnvelopeError(`The ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

export function parseEnvelope(bytes: Uint8Array): Envelope {
  let at = 0;
  const line = () => {
    const end = bytes.indexOf(NEWLINE, at);
    const slice = bytes.subarray(at, end === -1 ? bytes.length : end);
    at = end === -1 ? bytes.length : end + 1;
    return slice;
  };
  const header = jsonObject(line(), 'envelope header');
  const items: EnvelopeItem[] = [];
  while (at < bytes.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue;
    const itemHeader = jsonObject(headerLine, 'item header');
    const type = typeof itemHeader.type === 'string' ? itemHeader.type : '';
    if (!type) throw new EnvelopeError('An item has no type');
    let payload: Uint8Array;
    if (typeof itemHeader.length === 'number') {
      if (itemHeader.length < 0 || at + itemHeader.length > bytes.length)
        throw new EnvelopeError('An item is shorter than its length');
      payload = bytes.subarray(at, at + itemHeader.length);
      at += itemHeader.length;
      if (bytes[at] === NEWLINE) at += 1;
    } else payload = line();
    items.push({ type, header: itemHeader, payload });
  }
  return { header, items };
}

/** A DSN's parts: `https://<publicKey>@<host>[/<path>]/<projectId>`; null when it is not one. */
export type Dsn = { protocol: string; publicKey: string; host: string; path: string; projectId: string };

export function parseDsn(dsn: string): Dsn | null {
  const match = /^(https?):\/\/([^:@/\s]+)(?::[^@/\s]*)?@([^/\s]+)(\/(?:[^\s]*\/)?)?(\w+)\/?$/.exec(
    dsn.trim(),
  );
  if (!match) return null;
  const [, protocol, publicKey, host, path, projectId] = match;
  return {
    protocol: protocol!,
    publicKey: publicKey!,
    host: host!.toLowerCase(),
    path: (path ?? '/').replace(/\/$/, ''),
    projectId: projectId!,
  };
}

/** Whether two DSNs name the same project with the same key. */
export function isSameDsn(a: string, b: string): boolean {
  const [x, y] = [parseDsn(a), parseDsn(b)];
  return Boolean(x && y && JSON.stringify(x) === JSON.stringify(y));
}

/** Where a DSN's project takes envelopes. */
export function envelopeIngestUrl(dsn: Dsn): string {
  return `${dsn.protocol}://${dsn.host}${dsn.path}/api/${dsn.projectId}/envelope/`;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** An error event's message, level, address, release and time, from an `event` item's payload. */
export function summarizeEvent(payload: Uint8Array): ErrorSummary {
  const event = jsonObject(payload, 'event');
  const values = (event.exception as { values?: unknown } | undefined)?.values;
  const exceptions = Array.isArray(values) ? (values as Record<string, unknown>[]) : [];
  const last = exceptions.at(-1);
  const logentry = event.logentry as { formatted?: unknown; message?: unknown } | undefined;
  const fromException = last
    ? [text(last.type), text(last.value)].filter((part) => part !== null).join(': ')
    : '';
  const message =
    text(event.message) ??
    text(logentry?.formatted) ??
    text(logentry?.message) ??
    (fromException || 'An error with no message');
  const timestamp = event.timestamp;
  const occurredAt = typeof timestamp === 'number' || typeof timestamp === 'string' ? timestamp : null;
  return {
    eventId: text(event.event_id),
    level: text(event.level) ?? 'error',
    message: message.slice(0, 2000),
    url: text((event.request as { url?: unknown } | undefined)?.url),
    release: text(event.release),
    environment: text(event.environment),
    occurredAt,
  };
}

const encoder = new TextEncoder();

/** Writes an envelope of JSON items (the server's own errors). */
export function serializeEnvelope(
  header: Record<string, unknown>,
  items: { type: string; payload: unknown }[],
) {
  const lines = [JSON.stringify(header)];
  for (const item of items) {
    const payload = encoder.encode(JSON.stringify(item.payload));
    lines.push(JSON.stringify({ type: item.type, length: payload.length }), decoder.decode(payload));
  }
  return encoder.encode(`${lines.join('\n')}\n`);
}
