import { Socket } from 'node:net';

/**
 * An outage is not a bug: an error that says a dependency cannot be reached (PostgreSQL, EventStoreDB,
 * Kafka) answers 503 with Retry-After and the maintenance payload the web routes to its maintenance page
 * (platform §8: 503 + `code: 'MAINTENANCE'`), never 500. The pools reconnect by themselves, so the next
 * request after the dependency is back succeeds.
 */

export type Dependency = 'PostgreSQL' | 'EventStoreDB' | 'Kafka';

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export const MAINTENANCE_MESSAGE =
  'Onboard is temporarily unavailable while we fix a problem. Please try again in a few minutes.';

export const maintenancePayload = (down: readonly Dependency[]) => ({
  type: 'about:blank',
  title: 'Service unavailable',
  status: 503,
  code: 'MAINTENANCE',
  maintenance: true,
  message: MAINTENANCE_MESSAGE,
  unavailable: [...down],
});

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

type ErrorLike = {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  severity?: unknown;
  syscall?: unknown;
};

/** The PostgreSQL driver's own errors carry a SQLSTATE (and a severity); these say the server is away. */
function isPostgresDown(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  // 08: connection exception; 57P01-03: shutting down, crashed, starting up; 53300: too many connections;
  // 57014 with statement_timeout's message: the server cancelled a query that ran past PG_QUERY_TIMEOUT_MS.
  if (/^08|^57P0[1-3]$|^53300$/.test(code) && typeof error.severity === 'string') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  if (code === '57014' && /statement timeout/i.test(message)) return true;
  // 'Query read timeout': pg's query_timeout, the client gave up on a server that does not answer.
  return /^Connection terminated|^Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (?:starting up|shutting down|in recovery mode)/i.test(
    message,
  );
}

function isEventStoreDown(error: ErrorLike): boolean {
  const name = typeof error.name === 'string' ? error.name : '';
  return /^(?:Unavailable|DeadlineExceeded|NotLeader)Error$/.test(name);
}

const KAFKA_DOWN = new Set([
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
  'KafkaJSRequestTimeoutError',
]);

const isKafkaDown = (error: ErrorLike) => typeof error.name === 'string' && KAFKA_DOWN.has(error.name);

/** Which dependency an error says is down, following causes and aggregated errors; null when none. */
export function unavailableDependency(error: unknown, depth = 0): Dependency | null {
  if (!error || typeof error !== 'object' || depth > 5) return null;
  const e = error as ErrorLike;
  if (isEventStoreDown(e)) return 'EventStoreDB';
  if (isKafkaDown(e)) return 'Kafka';
  if (isPostgresDown(e)) return 'PostgreSQL';
  // A bare socket error from the pool (ECONNREFUSED on connect; ENOENT when connecting to a Unix socket
  // whose server is gone) is PostgreSQL's, unless a cause says else.
  const isSocketGone = e.code === 'ENOENT' && e.syscall === 'connect';
  if ((typeof e.code === 'string' && NETWORK_CODES.has(e.code)) || isSocketGone) {
    const inner = unavailableDependency(e.cause, depth + 1);
    return inner ?? 'PostgreSQL';
  }
  if (Array.isArray(e.errors))
    for (const inner of e.errors) {
      const found = unavailableDependency(inner, depth + 1);
      if (found) return found;
    }
  return unavailableDependency(e.cause, depth + 1);
}

/** Whether any of the brokers (`host:port`) accepts a TCP connection: the health probe for Kafka. */
export async function anyReachable(hostPorts: readonly string[], timeoutMs = 2_000): Promise<void> {
  const one = (hostPort: string) =>
    new Promise<void>((done, fail) => {
      const [host = '127.0.0.1', port = '9092'] = hostPort.split(':');
      const socket = new Socket();
      const finish = (error?: Error) => {
        socket.destroy();
        if (error) fail(error);
        else done();
      };
      socket.setTimeout(timeoutMs, () => finish(new Error(`no answer from ${hostPort}`)));
      socket.once('error', finish);
      socket.connect(Number(port), host, () => finish());
    });
  await Promise.any(hostPorts.map(one));
}
