import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import {
  createPostgresSnapshotStore,
  PERSONAL_DATA,
  sealPersonalData,
  startRunner,
  partitionLeasesFor,
  type Bus,
  type CheckpointedConsumer,
  type EventStore,
  type Runner,
  type SealingEventStore,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { startGateway, type Gateway } from '@onboard/query-api';
import { projections } from '@onboard/projections';
import type { EmailDeliveryLoop } from '@onboard/workers/email-delivery';
import { connectDocumentStore } from './documents/index.ts';
import { connectDataKeys, listenForDestroyedKeys, type DataKeyService } from './personal-data/index.ts';
import { sealDocuments } from './personal-data/documents.ts';
import { createPostgresBus } from './bus/postgres-bus.ts';
import { migrate, pendingMigrations } from './database/migrations.ts';
import type { AppConfig } from './config.ts';
import { apiNotFound, errorMiddleware, securityHeaders, sendProblem } from './http/errors.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { indexRoutes } from './http/route-index.ts';
import { readAuthenticatedUser } from '@onboard/command-api/auth';
import { createIdentity, type Identity } from './identity/identity.ts';
import { createLogger, type Logger } from './logger.ts';
import { builtInESignature } from './onboarding-forms/built-in-e-signature.ts';
import type { Wiring } from './wiring/context.ts';
import { wireRequestPipeline } from './wiring/http.ts';
import { wireHealth, withinMs } from './wiring/health.ts';
import { wireSeed } from './wiring/seed.ts';
import { reactorsOf, wireJobs } from './wiring/workers.ts';
import { wireWeb } from './wiring/web.ts';
import type { PageWaits } from './http/portal-page.ts';
import { wireClients } from './wiring/clients.ts';
import { wirePlanSystem } from './wiring/plan-system.ts';
import { wireExplorer } from './wiring/explorer.ts';
import { wireEmployeeClasses } from './wiring/employee-classes.ts';
import { wireAnalytics } from './wiring/analytics.ts';
import { wireDocuments } from './wiring/documents.ts';
import { wireResources } from './wiring/resources.ts';
import { wireFeatureToggles } from './wiring/feature-toggles.ts';
import { wireBenAdminPlatforms } from './wiring/ben-admin-platforms.ts';
import { wireSupport } from './wiring/support.ts';
import { wireConversations } from './wiring/conversations.ts';
import { wireEmails } from './wiring/emails.ts';
import { wireUsers } from './wiring/users.ts';
import { wireCensus } from './wiring/census.ts';
import { wireDataFeed } from './wiring/data-feed.ts';
import { wirePersonalData } from './wiring/personal-data.ts';
import { wireOnboardingForms } from './wiring/onboarding-forms.ts';
import { wireEvidence } from './wiring/evidence.ts';

export type RunningApp = {
  url: string;
  config: AppConfig;
  store: EventStore;
  bus: Bus;
  pool: pg.Pool;
  logger: Logger;
  identity: Identity;
  /** The data keys that seal personal data (this process's, with the keys it holds). */
  dataKeys: DataKeyService;
  stop: () => Promise<void>;
  /** While a stop runs: what it still waits for, in words (platform/src/main.ts names them on a deadline). */
  stillStopping: () => string[];
};

/** What tests replace: the clock (to expire links and passwords), the log sink, the e-mail console line. */
export type AppOptions = {
  now?: () => Date;
  logDestination?: DestinationStream;
  printEmail?: (line: string) => void;
  /** Where the first owner's activation link goes (default: the console, once). */
  printFirstOwnerLink?: (email: string, link: string) => void;
  /** How long a signed-in person's portal page waits for its first reads, then its markup (PAGE_WAITS). */
  pageWaits?: PageWaits;
};

/**
 * The event store as the configuration names it, with personal data sealed at rest (ARCHITECTURE.md,
 * "Personal data"): every service reads and writes through the seal; `raw` is the store as kept.
 */
export async function connectEventStore(
  config: AppConfig,
  pool: pg.Pool,
  keys?: DataKeyService,
): Promise<SealingEventStore> {
  // The distributed adapters load only when configured, so the embedded default never loads their clients.
  const inner =
    config.eventStore.kind === 'eventstoredb'
      ? (await import('@onboard/events/eventstoredb')).createEventStoreDbEventStore(
          config.eventStore.connectionString,
        )
      : createPostgresEventStore({ pool, connectionString: config.databaseUrl });
  return sealPersonalData(inner, keys ?? (await connectDataKeys(config, pool)), PERSONAL_DATA);
}

export async function connectBus(config: AppConfig, pool: pg.Pool, logger: Logger): Promise<Bus> {
  if (config.bus.kind === 'kafka') {
    const { createKafkaBus } = await import('./bus/kafka-bus.ts');
    return createKafkaBus({ brokers: config.bus.brokers, clientId: 'onboard', logger });
  }
  return createPostgresBus({ pool, connectionString: config.databaseUrl, logger });
}

/**
 * The embedded default migrates the database at start; in the distributed topology `npm run migrate` does
 * it once before the services start, and a service refuses to run on a database it does not match.
 */
async function prepareSchema(config: AppConfig, pool: pg.Pool, logger: Logger) {
  if (config.migrateOnStart) {
    // A pool of its own, without the app pool's query timeout: a migration, or the wait for another
    // replica's, may take longer than a request's query.
    const migrator = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    try {
      await migrate(migrator, { log: (line) => logger.info(line) });
    } finally {
      await migrator.end();
    }
    return;
  }
  const pending = await pendingMigrations(pool);
  if (pending.length > 0)
    throw new Error(`The database is behind this release (${pending.join(', ')}): run npm run migrate first`);
}

/**
 * The app's PostgreSQL pool. Long idle timeout: every new connection costs a SCRAM handshake, which shows
 * as latency spikes. A PostgreSQL that does not answer fails a request within seconds (a 503), instead of
 * holding it: a new connection within 5 s, a query within PG_QUERY_TIMEOUT_MS (the client gives up; the
 * server cancels its side with statement_timeout), and TCP keep-alive finds a connection whose server vanished.
 */
function createPool(config: AppConfig, logger: Logger, isStopping: () => boolean) {
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: config.pgPoolMax,
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: 5_000,
    query_timeout: config.pgQueryTimeoutMs,
    statement_timeout: config.pgQueryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection that dies is replaced by the pool on next use. Ctrl-C reaches PostgreSQL too (same
  // process group), so while stopping this is expected and not worth a line. The error object carries
  // the whole client: log its message and code only.
  pool.on('error', (error: Error & { code?: string }) => {
    if (!isStopping())
      logger.warn({ code: error.code, message: error.message }, 'idle database connection failed');
  });
  return pool;
}

type Phase = 'starting' | 'ready' | 'stopping';

/**
 * Liveness answers from the first moment, readiness once migrated, connected and every service mounted;
 * until then every other request is answered 503, so the services mount after the server listens.
 */
async function listen(config: AppConfig, pool: pg.Pool, phase: () => Phase) {
  const app = express();
  app.disable('x-powered-by');
  // The client address (the throttle's key) comes through the proxies this trusts (TRUST_PROXY).
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders);
  app.get('/api/health/live', (_req, res) => {
    res.json({ status: 'live' });
  });
  // Answers within READY_PROBE_MS whatever the database does (a frozen one counts as unreachable).
  app.get('/api/health/ready', async (_req, res) => {
    const isConnected = await withinMs(READY_PROBE_MS, () => pool.query('select 1')).then(
      () => true,
      () => false,
    );
    const status = phase() !== 'ready' ? phase() : isConnected ? 'ready' : 'unavailable';
    res.status(status === 'ready' ? 200 : 503).json({ status });
  });
  app.use((_req, res, next) => {
    if (phase() !== 'starting') return next();
    res.setHeader('Retry-After', '1');
    sendProblem(res, 503, 'STARTING', 'The service is starting.');
  });
  const server: Server = await new Promise((done, fail) => {
    const s = app.listen(config.port, config.host, () => done(s));
    s.once('error', fail);
  });
  // An idle kept-alive connection is kept longer than a proxy or load balancer keeps its own (60 s is
  // usual), so that they, not this server, close it: a request sent just as the server closed the
  // connection would be reset. Node's default is 5 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  return { app, server, port, url };
}

/** Every slice's routes, in order; the live-update gateway before the census, which reads its progress. */
async function wireSlices(w: Wiring): Promise<Gateway | null> {
  // Identity (command-api/src/auth): sign-in steps, sessions, links. Its GETs reach query-api containers
  // behind the edge (deploy/chart/files/nginx.conf routes by method), so both kinds mount it.
  if (w.has('command-api') || w.has('query-api')) w.app.use(w.identity.router());
  wireClients(w);
  wirePlanSystem(w);
  wireExplorer(w);
  wireEmployeeClasses(w);
  wireAnalytics(w);
  wireDocuments(w);
  wireResources(w);
  wireFeatureToggles(w);
  wireBenAdminPlatforms(w);
  wireSupport(w);
  wireConversations(w);
  wireEmails(w);
  wireUsers(w);
  wireDataFeed(w);
  wirePersonalData(w);
  wireOnboardingForms(w);
  wireEvidence(w);
  const gateway = w.has('query-api')
    ? await startGateway({ bus: w.bus, authenticate: w.identity.authenticate, group: w.config.gatewayGroup })
    : null;
  if (gateway) w.app.use(gateway.router);
  wireCensus(w, gateway);
  return gateway;
}

/**
 * Starts a runner for each consumer of this replica's services (/api/health says which of them it holds or
 * waits for); a pool that cannot give every runner a read or a batch in flight at once, and still serve
 * requests, aborts the start.
 */
async function startRunners(w: Wiring, abortStart: (error: unknown) => Promise<never>) {
  const { config, has, store, pool, logger } = w;
  // The process's lease session, timed by the configuration, before any runner or job joins it.
  partitionLeasesFor(pool, {
    ...config.runnerLeases,
    onError: (error) => logger.warn({ err: error }, 'runner leases could not be renewed'),
  });
  const consumersHere = [
    ...(has('projections') ? projections : []),
    ...(has('workers') ? reactorsOf(w) : []),
  ];
  if (config.pgPoolMax < consumersHere.length + MIN_SPARE_CONNECTIONS)
    await abortStart(
      new Error(
        `PG_POOL_MAX is ${config.pgPoolMax}: ${config.services.join(', ')} needs at least ${consumersHere.length + MIN_SPARE_CONNECTIONS} (${consumersHere.length} runners may each read or apply at once)`,
      ),
    );
  return consumersHere.map((consumer) => ({
    consumer,
    runner: startRunner({ store, pool, consumer, logger, batchSize: config.projectionBatchSize }),
  }));
}

/** The user the web's first page is rendered for: null signed out, undefined when the access token expired. */
async function signedInUser(identity: Identity, pool: pg.Pool, req: express.Request) {
  try {
    const actor = await identity.authenticate(req);
    return actor ? await readAuthenticatedUser(pool, actor.userId) : null;
  } catch {
    return undefined; // An expired access token: the web asks, and refreshes it.
  }
}

/**
 * The composition root: connects the adapters the configuration names, migrates, seeds, starts the
 * projection and reactor runners, and mounts the services on one HTTP server. In the distributed
 * topology each container runs this with its own SERVICES list.
 */
export async function startApp(config: AppConfig, options: AppOptions = {}): Promise<RunningApp> {
  if (config.demoTotp && (config.eventStore.kind !== 'postgres' || config.bus.kind !== 'postgres'))
    throw new Error('Demo authenticator secrets (ONBOARD_DEMO_TOTP) exist only in the embedded default');
  const now = options.now ?? (() => new Date());
  const logger = createLogger(config.logLevel, options.logDestination);
  let phase: Phase = 'starting';
  const pool = createPool(config, logger, () => phase === 'stopping');
  const has = (service: AppConfig['services'][number]) => config.services.includes(service);
  const { app, server, port, url } = await listen(config, pool, () => phase);

  const abortStart = async (error: unknown): Promise<never> => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await pool.end();
    throw error;
  };
  await prepareSchema(config, pool, logger).catch(abortStart);
  const dataKeys = await connectDataKeys(config, pool);
  // An erasure made by any process drops the keys this one holds at once.
  const destroyedKeys = await listenForDestroyedKeys({
    connectionString: config.databaseUrl,
    keys: dataKeys,
    onError: (error) => logger.warn({ error: error.message }, 'data keys listener connection error'),
  });
  const store = await connectEventStore(config, pool, dataKeys);
  const bus = await connectBus(config, pool, logger);
  let emailDelivery: EmailDeliveryLoop | null = null;
  const identity = await createIdentity({
    config,
    store,
    pool,
    logger,
    now,
    printEmail: options.printEmail,
    onEmailQueued: () => emailDelivery?.wake(),
  });
  const w: Wiring = {
    app,
    config,
    has,
    store,
    snapshots: createPostgresSnapshotStore(pool),
    pool,
    bus,
    documents: sealDocuments(await connectDocumentStore(config, pool, now), dataKeys),
    // Onboarding forms' e-signature: Onboard's own (a carrier's outside service would plug in here).
    eSignature: builtInESignature(config.sessionSecrets[0]!),
    identity,
    dataKeys,
    now,
    newId: randomUUID,
    logger,
  };
  await wireSeed(w, options.printFirstOwnerLink);

  const runners = await startRunners(w, async (error) => {
    await bus.close();
    await store.close();
    return abortStart(error);
  });
  const jobs = wireJobs(w);
  emailDelivery = jobs.emailDelivery;

  const errorReporter = wireRequestPipeline(w);
  wireHealth(app, { config, pool, store, port, runners });
  app.get('/api/openapi.json', (_req, res) => {
    res.json(buildOpenApiDocument());
  });
  const gateway = await wireSlices(w);
  app.use('/api', apiNotFound);
  app.use(errorMiddleware(logger, errorReporter.reportServerError));
  wireWeb(app, config.webDist, (req) => signedInUser(identity, pool, req), options.pageWaits);

  // Every route is mounted: each router is entered only by requests that could match inside it.
  indexRoutes(app);
  identity.setAppUrl(url);
  phase = 'ready';

  const { stop, stillStopping } = drainer(config, server, {
    onStop: () => {
      phase = 'stopping';
    },
    gateway,
    jobs: { ...jobs, emailDelivery },
    runners,
    bus,
    store,
    destroyedKeys,
    pool,
  });
  return { url, config, store, bus, pool, logger, identity, dataKeys, stop, stillStopping };
}

/** What a stop drains and stops, in order. */
type Stoppable = {
  onStop: () => void;
  gateway: Gateway | null;
  jobs: ReturnType<typeof wireJobs>;
  runners: readonly { consumer: CheckpointedConsumer; runner: Runner }[];
  bus: Bus;
  store: EventStore;
  destroyedKeys: { close: () => Promise<void> };
  pool: pg.Pool;
};

/**
 * Drains before it stops: readiness answers 503, the server takes no new connection, SSE streams end (the
 * browser reconnects, through the edge, to another replica), requests in flight finish (for at most
 * config.drainMs, then their connections are cut); then the runners, the bus, the store and the pool.
 * `stillStopping` names what a stop in progress still waits for.
 */
function drainer(config: AppConfig, server: Server, parts: Stoppable) {
  const { gateway, jobs, runners, bus, store, destroyedKeys, pool } = parts;
  const unstopped = new Set<string>();
  const step = async (what: string, stop: () => unknown) => {
    unstopped.add(what);
    try {
      await stop();
    } finally {
      unstopped.delete(what);
    }
  };
  const drainAndStop = async () => {
    parts.onStop();
    const closed = new Promise<void>((done) => server.close(() => done()));
    await step('the live-update gateway', () => gateway?.stop());
    // A keep-alive connection closes as soon as its request in flight has been answered.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), config.drainMs);
    await step('the requests in flight', () => closed);
    clearInterval(sweep);
    clearTimeout(cut);
    await step('the daily e-mails', () => jobs.dailyEmails?.stop());
    await step('the retention job', () => jobs.retention?.stop());
    await step('e-mail delivery', () => jobs.emailDelivery?.stop());
    jobs.smtp?.close();
    await Promise.all(runners.map((r) => step(`the ${r.consumer.name} runner`, () => r.runner.stop())));
    await step('the event bus', () => bus.close());
    await step('the event store', () => store.close());
    await step('the data keys listener', () => destroyedKeys.close());
    await step('the database pool', () => pool.end());
  };
  let stopping: Promise<void> | null = null;
  return { stop: () => (stopping ??= drainAndStop()), stillStopping: () => [...unstopped] };
}

/** How long the readiness probe waits for the database, so it answers within 2 s whatever it does. */
const READY_PROBE_MS = 1_500;

/** Connections beyond the runners' locks: requests, batches, the lock attempts of standbys. */
const MIN_SPARE_CONNECTIONS = 3;
