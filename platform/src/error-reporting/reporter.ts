import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import {
  AppError,
  environmentOfHost,
  EnvelopeError,
  envelopeIngestUrl,
  isSameDsn,
  parseDsn,
  parseEnvelope,
  serializeEnvelope,
  summarizeEvent,
  type Dsn,
} from '@onboard/domain';
import { tableCap } from '@onboard/command-api/throttle';
import type { Logger } from '../logger.ts';

/**
 * The DSN the browser SDK names when no service is configured: the envelopes stay here, so it names no
 * reachable host (`.invalid`); the tunnel still checks it, as it would a real one.
 */
export const LOCAL_DSN = 'https://onboard@error-reports.invalid/0';

export type ErrorReporterDeps = {
  pool: pg.Pool;
  /** SENTRY_DSN: forward envelopes to its project; null keeps them in `error_reports`. */
  dsn: string | null;
  release: string;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** The server's own host name (its environment); the machine's by default. */
  host?: string;
  fetch?: typeof fetch;
  /** The most the kept reports may take together (their events' bytes); the oldest go first. */
  maxBytes?: number;
};

export type ErrorReporter = {
  /** The DSN the browser SDK names. */
  dsn: string;
  release: string;
  /** One envelope from the tunnel: forwarded or kept; a 400 when it is not one or names another DSN. */
  takeEnvelope: (body: Uint8Array) => Promise<{ id: string | null }>;
  /** An unexpected server error, the same way; never throws (a failure is logged). */
  reportServerError: (error: unknown, request: { method: string; url: string }) => Promise<void>;
};

/** The most the kept reports take together by default (ONBOARD_ERROR_REPORTS_MAX_MB). */
const DEFAULT_ERROR_REPORTS_MAX_BYTES = 64 * 1024 * 1024;
/** The largest event kept (its own bytes): the browser SDK's events are a few KB. */
const EVENT_LIMIT_BYTES = 64 * 1024;

const badEnvelope = (message: string) => new AppError(400, 'INVALID_ENVELOPE', message);

export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter {
  const configured: Dsn | null = deps.dsn ? parseDsn(deps.dsn) : null;
  if (deps.dsn && !configured) throw new Error('SENTRY_DSN: not a DSN');
  const dsn = deps.dsn ?? LOCAL_DSN;
  const doFetch = deps.fetch ?? fetch;

  async function forward(body: Uint8Array) {
    const response = await doFetch(envelopeIngestUrl(configured!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: Buffer.from(body),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'the error-reporting service is unreachable');
      return null;
    });
    if (!response?.ok) {
      if (response) deps.logger.warn({ status: response.status }, 'the error-reporting service refused');
      throw new AppError(502, 'ERROR_REPORTING_UNAVAILABLE', 'The error-reporting service did not take it');
    }
  }

  const trim = tableCap(
    deps.pool,
    'error_reports',
    'report_id',
    deps.maxBytes ?? DEFAULT_ERROR_REPORTS_MAX_BYTES,
  );

  /** The envelope's one event (an envelope carries at most one), its own bytes only; null: none. */
  async function keep(body: Uint8Array, source: 'web' | 'server') {
    const event = parseEnvelope(body).items.find((item) => item.type === 'event');
    if (!event) return; // traces, sessions and client reports are not kept
    const summary = summarizeEvent(event.payload);
    const raw = Buffer.from(event.payload).toString('utf8');
    await deps.pool.query(
      `insert into error_reports (source, event_id, level, message, url, release, environment, occurred_at, event, size_bytes)
       values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now()), $9, octet_length($9) + octet_length($4))`,
      [
        source,
        summary.eventId,
        summary.level,
        summary.message,
        summary.url,
        summary.release,
        summary.environment,
        occurredAt(summary.occurredAt),
        raw,
      ],
    );
    await trim();
  }

  async function deliver(body: Uint8Array, source: 'web' | 'server') {
    if (configured) await forward(body);
    else await keep(body, source);
  }

  return {
    dsn,
    release: deps.release,
    async takeEnvelope(body) {
      let header: Record<string, unknown>;
      try {
        const envelope = parseEnvelope(body);
        header = envelope.header;
        const events = envelope.items.filter((item) => item.type === 'event');
        if (events.length > 1) throw new EnvelopeError('An envelope carries at most one event');
        const event = events[0];
        if (event && event.payload.length > EVENT_LIMIT_BYTES)
          throw new AppError(
            413,
            'PAYLOAD_TOO_LARGE',
            `An event is larger than ${EVENT_LIMIT_BYTES / 1024} KB`,
          );
        // The kept event is read here: a malformed one is the sender's 400, not a 500 later.
        if (!configured && event) summarizeEvent(event.payload);
      } catch (error) {
        if (error instanceof EnvelopeError) throw badEnvelope(error.message);
        throw error;
      }
      if (typeof header.dsn !== 'string' || !isSameDsn(header.dsn, dsn))
        throw badEnvelope('The envelope’s DSN is not the configured one');
      await deliver(body, 'web');
      return { id: typeof header.event_id === 'string' ? header.event_id : null };
    },
    async reportServerError(error, request) {
      try {
        const envelope = serverErrorEnvelope(error, request, {
          dsn,
          release: deps.release,
          host: deps.host ?? hostname(),
        });
        await deliver(envelope, 'server');
      } catch (failure) {
        deps.logger.error({ err: failure }, 'could not report a server error');
      }
    },
  };
}

/** An unexpected server error as an envelope of one Sentry event. */
function serverErrorEnvelope(
  error: unknown,
  request: { method: string; url: string },
  { dsn, release, host }: { dsn: string; release: string; host: string },
): Uint8Array {
  const eventId = randomUUID().replaceAll('-', '');
  const err = error instanceof Error ? error : new Error(String(error));
  const sentAt = new Date();
  return serializeEnvelope({ event_id: eventId, dsn, sent_at: sentAt.toISOString() }, [
    {
      type: 'event',
      payload: {
        event_id: eventId,
        timestamp: sentAt.getTime() / 1000,
        platform: 'node',
        level: 'error',
        logger: 'onboard.server',
        server_name: host,
        release,
        environment: environmentOfHost(host),
        request: { method: request.method, url: request.url },
        exception: {
          values: [{ type: err.name, value: err.message, stacktrace: { frames: framesOf(err) } }],
        },
      },
    },
  ]);
}

/** The stack in Sentry's frame shape, innermost last. */
function framesOf(error: Error) {
  return (error.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, fn, file, line, column]) => ({
      function: fn ?? '?',
      filename: file,
      lineno: Number(line),
      colno: Number(column),
    }))
    .reverse();
}

/** The event's time as a date; null (the time received) when it is missing or not a time. */
function occurredAt(sent: number | string | null): Date | null {
  if (sent === null) return null;
  const date = typeof sent === 'number' ? new Date(sent * 1000) : new Date(sent);
  return Number.isNaN(date.getTime()) ? null : date;
}
