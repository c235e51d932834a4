import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import { AppError } from '@onboard/domain';
import { environmentOfHost } from '@onboard/domain/features/environment';
import {
  EnvelopeError,
  envelopeIngestUrl,
  isSameDsn,
  parseDsn,
  parseEnvelope,
  serializeEnvelope,
  summarizeEvent,
  type Dsn,
} from '@onboard/domain/platform/sentry-envelope';
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

/** How many reports the table keeps, newest first. */
const KEPT_REPORTS = 10_000;

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

  async function keep(body: Uint8Array, source: 'web' | 'server') {
    const envelope = parseEnvelope(body);
    // The tunnel takes envelopes from anyone: the table keeps the newest KEPT_REPORTS only.
    await deps.pool.query(
      `delete from error_reports where report_id <= (select max(report_id) from error_reports) - $1`,
      [KEPT_REPORTS - 1],
    );
    const raw = Buffer.from(body).toString('utf8');
    for (const item of envelope.items) {
      if (item.type !== 'event') continue; // traces, sessions and client reports are not kept
      const summary = summarizeEvent(item.payload);
      await deps.pool.query(
        `insert into error_reports (source, event_id, level, message, url, release, environment, occurred_at, envelope)
         values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now()), $9)`,
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
    }
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
        // Kept events are read here: a malformed one is the sender's 400, not a 500 later.
        if (!configured)
          for (const item of envelope.items) if (item.type === 'event') summarizeEvent(item.payload);
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
        const eventId = randomUUID().replaceAll('-', '');
        const err = error instanceof Error ? error : new Error(String(error));
        const sentAt = new Date();
        const host = deps.host ?? hostname();
        const envelope = serializeEnvelope({ event_id: eventId, dsn, sent_at: sentAt.toISOString() }, [
          {
            type: 'event',
            payload: {
              event_id: eventId,
              timestamp: sentAt.getTime() / 1000,
              platform: 'node',
              level: 'error',
              logger: 'onboard.server',
              server_name: host,
              release: deps.release,
              environment: environmentOfHost(host),
              request: { method: request.method, url: request.url },
              exception: {
                values: [{ type: err.name, value: err.message, stacktrace: { frames: framesOf(err) } }],
              },
            },
          },
        ]);
        await deliver(envelope, 'server');
      } catch (failure) {
        deps.logger.error({ err: failure }, 'could not report a server error');
      }
    },
  };
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
