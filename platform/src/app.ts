import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { hostname } from 'node:os';
import { join } from 'node:path';
import cookieParser from 'cookie-parser';
import express from 'express';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import {
  consumerStatuses,
  createPostgresSnapshotStore,
  PERSONAL_DATA,
  sealPersonalData,
  startRunner,
  type Bus,
  type CheckpointedConsumer,
  type EventStore,
  type Runner,
  type SealingEventStore,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import {
  clientLifecycleRoutes,
  createCommandApi,
  outsideSignerRoutes,
  planSystemCommandRoutes,
  qpsCommandRoutes,
} from '@onboard/command-api';
import {
  createQueryApi,
  eifHistoryRoutes,
  eifSummaryRoutes,
  eifSignaturesRoutes,
  planSystemQueryRoutes,
  qpsQueryRoutes,
  startGateway,
  type Gateway,
} from '@onboard/query-api';
import { createQpsPushWorker } from './qps/wiring.ts';
import { portalPage } from './http/portal-page.ts';
import { precompressedAssets } from './http/precompressed.ts';
import { planSystemPorts as connectPlanSystem } from './qps/directory.ts';
import { createExplorerCommands } from '@onboard/command-api/explorer';
import { clientDocumentCommandRoutes, documentCommandRoutes } from '@onboard/command-api/documents';
import { resourceCommandRoutes } from '@onboard/command-api/resources';
import { resourceQueryRoutes } from '@onboard/query-api/resources';
import { censusCommandRoutes } from '@onboard/command-api/census';
import { censusQueryRoutes } from '@onboard/query-api/census';
import { dataFeedCommandRoutes } from '@onboard/command-api/data-feed';
import { personalDataCommandRoutes } from '@onboard/command-api/personal-data';
import { dataFeedQueryRoutes } from '@onboard/query-api/data-feed';
import { cachedStatus, serviceStatusQueryRoutes } from '@onboard/query-api/service-status';
import { ticketSystemStatusFor } from './service-status.ts';
import { featureToggleCommandRoutes } from '@onboard/command-api/feature-toggles';
import { BUILT_IN_TOGGLE_DEFAULTS, featureToggleQueryRoutes } from '@onboard/query-api/feature-toggles';
import { benAdminPlatformCommandRoutes } from '@onboard/command-api/ben-admin-platforms';
import { benAdminPlatformQueryRoutes } from '@onboard/query-api/ben-admin-platforms';
import { portalChatCommandRoutes } from '@onboard/command-api/support';
import { conversationCommandRoutes } from '@onboard/command-api/conversations';
import { conversationQueryRoutes } from '@onboard/query-api/conversations';
import { personalDataAccessRoutes } from '@onboard/query-api/personal-data';
import { portalChatQueryRoutes } from '@onboard/query-api/support';
import { clientEmails, emailCommandRoutes } from '@onboard/command-api/emails';
import { emailQueryRoutes, emailRuleQueryRoutes } from '@onboard/query-api/emails';
import { connectDocumentStore } from './documents/index.ts';
import { connectDataKeys, listenForDestroyedKeys, type DataKeyService } from './personal-data/index.ts';
import { sealDocuments } from './personal-data/documents.ts';
import { startRetention } from './personal-data/retention.ts';
import { documentQueryRoutes } from '@onboard/query-api/documents';
import { createExplorerQueries } from '@onboard/query-api/explorer';
import { explorerPublicHostGuard } from './explorer/public-host.ts';
import { employeeClassCommandRoutes } from '@onboard/command-api/employee-classes';
import { employeeClassQueryRoutes } from '@onboard/query-api/employee-classes';
import { createUserAdminCommands } from '@onboard/command-api/users';
import { createUserAdminQueries } from '@onboard/query-api/users';
import { evidencePackRoutes } from '@onboard/query-api/evidence-pack';
import { completedFormsForEvidence } from '@onboard/query-api/onboarding-forms/evidence';
import { carrierCertificateSource } from './evidence-pack/carrier-certificate.ts';
import { analyticsIntake, analyticsCommandRoutes } from '@onboard/command-api/analytics';
import { analyticsQueryRoutes } from '@onboard/query-api/analytics';
import { segmentForwarder } from './analytics/segment.ts';
import { projections } from '@onboard/projections';
import {
  busPublisher,
  clientBaseWorker,
  clientNotificationsWorker,
  onboardingFormNotificationsWorker,
} from '@onboard/workers';
import { createPostgresBus } from './bus/postgres-bus.ts';
import { migrate, pendingMigrations } from './database/migrations.ts';
import type { AppConfig } from './config.ts';
import { apiNotFound, errorMiddleware, securityHeaders, sendProblem } from './http/errors.ts';
import { clientStandingGate } from './http/client-standing.ts';
import { allContracts } from './http/contracts.ts';
import { jsonBodyBytes, jsonBodyHygiene, requestHygiene } from './http/hygiene.ts';
import { anyReachable, maintenancePayload, RETRY_AFTER_SECONDS, type Dependency } from './http/outage.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { createErrorReporter } from './error-reporting/reporter.ts';
import { errorReportingRoutes } from './error-reporting/routes.ts';
import {
  ACTIVATION_LINK_DAYS,
  createActivationLink,
  csrfProtection,
  readAuthenticatedUser,
  resetMfa,
  sendActivationEmail,
  sendPasswordReset,
} from '@onboard/command-api/auth';
import { createIdentity, type Identity } from './identity/identity.ts';
import { startEmailDelivery } from './emails/delivery.ts';
import { smtpTransport } from './emails/smtp.ts';
import { emailTemplateRoutes } from './emails/routes.ts';
import { startDailyEmails } from './emails/daily-emails.ts';
import { notificationNames } from './emails/notification-names.ts';
import type { EmailDeliveryLoop } from '@onboard/workers/email-delivery';
import { createLogger, type Logger } from './logger.ts';
import { createFirstOwner, seedDemoData, seedDemoUsers, underSeedLock } from './seed.ts';
import { demoTotpSecret } from './demo-totp.ts';
import { onboardingFormCommandRoutes, onboardingFormEmails } from '@onboard/command-api/onboarding-forms';
import { onboardingFormQueryRoutes } from '@onboard/query-api/onboarding-forms';
import { builtInESignature } from './onboarding-forms/built-in-e-signature.ts';

/** The public Explorer routes (explorer §2), with or without the /en/ and /es/ prefixes. */
const EXPLORER_PUBLIC_PATH = /^\/(?:(?:en|es)\/)?benefits-explorer(?:\/|$)/i;

/** Paths of files, not of pages: the built assets, and anything named like a static file. */
const STATIC_FILE_PATH =
  /^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|json|txt|xml|webmanifest)$/i;

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
};

const printFirstOwnerLink = (email: string, link: string) =>
  console.log(
    [
      '',
      `First owner ${email} registered. Activate the account (choose a password, then enrol an authenticator app)`,
      `with this single-use link, valid ${ACTIVATION_LINK_DAYS} days; it is printed only this once:`,
      `  ${link}`,
      '',
    ].join('\n'),
  );

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
 * The composition root: connects the adapters the configuration names, migrates, seeds, starts the
 * projection and reactor runners, and mounts the services on one HTTP server. In the distributed
 * topology each container runs this with its own SERVICES list.
 */
export async function startApp(config: AppConfig, options: AppOptions = {}): Promise<RunningApp> {
  if (config.demoTotp && (config.eventStore.kind !== 'postgres' || config.bus.kind !== 'postgres'))
    throw new Error('Demo authenticator secrets (ONBOARD_DEMO_TOTP) exist only in the embedded default');
  const now = options.now ?? (() => new Date());
  const logger = createLogger(config.logLevel, options.logDestination);
  // Long idle timeout: every new connection costs a SCRAM handshake, which shows as latency spikes.
  // A PostgreSQL that does not answer fails a request within seconds (a 503), instead of holding it: a new
  // connection within 5 s, a query within PG_QUERY_TIMEOUT_MS (the client gives up; the server cancels its
  // side with statement_timeout), and TCP keep-alive finds a connection whose server vanished.
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
  let isStopping = false;
  // An idle connection that dies is replaced by the pool on next use. Ctrl-C reaches PostgreSQL too (same
  // process group), so while stopping this is expected and not worth a line. The error object carries
  // the whole client: log its message and code only.
  pool.on('error', (error: Error & { code?: string }) => {
    if (!isStopping)
      logger.warn({ code: error.code, message: error.message }, 'idle database connection failed');
  });
  const has = (service: AppConfig['services'][number]) => config.services.includes(service);

  // Liveness answers from the first moment, readiness once migrated, connected and every service mounted;
  // until then every other request is answered 503, so the services mount after the server listens.
  let phase: 'starting' | 'ready' | 'stopping' = 'starting';
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
    const status = phase !== 'ready' ? phase : isConnected ? 'ready' : 'unavailable';
    res.status(status === 'ready' ? 200 : 503).json({ status });
  });
  app.use((_req, res, next) => {
    if (phase !== 'starting') return next();
    res.setHeader('Retry-After', '1');
    sendProblem(res, 503, 'STARTING', 'The service is starting.');
  });
  const server: Server = await new Promise((done, fail) => {
    const s = app.listen(config.port, config.host, () => done(s));
    s.once('error', fail);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

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
  const snapshots = createPostgresSnapshotStore(pool);
  const documents = sealDocuments(await connectDocumentStore(config, pool, now), dataKeys);
  // Onboarding forms' e-signature: Onboard's own (a carrier's outside service would plug in here).
  const eSignature = builtInESignature(config.sessionSecrets[0]!);
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
  // Idempotent, and under a lock: any number of replicas may seed at once (a lost race is a success).
  // The demo users (with their published password) only in the embedded default; the distributed topology
  // gets its first owner from ONBOARD_FIRST_OWNER_EMAIL, by a single-use activation link printed once.
  if (config.seedDemoData || (config.firstOwnerEmail && has('command-api')))
    await underSeedLock(pool, async () => {
      if (config.seedDemoData) {
        await seedDemoData(store, now(), documents);
        if (config.seedDemoUsers)
          await seedDemoUsers(
            identity.deps,
            config.demoPassword,
            config.demoTotp ? demoTotpSecret : undefined,
          );
      }
      if (config.firstOwnerEmail && has('command-api')) {
        const link = await createFirstOwner(identity.deps, config.firstOwnerEmail);
        if (link) (options.printFirstOwnerLink ?? printFirstOwnerLink)(config.firstOwnerEmail, link);
      }
    });

  // Each runner with its consumer: /api/health says which of them this replica holds or waits for.
  const runners: { consumer: CheckpointedConsumer; runner: Runner }[] = [];
  // Reactors with side effects (workers/): the bus publisher, the push to the plan system, and the form and
  // tasks of every client created.
  const reactors: CheckpointedConsumer[] = [
    busPublisher(bus),
    createQpsPushWorker({ store, snapshots, now, settings: config.qps }),
    clientBaseWorker({ store, snapshots, now }),
    // Every hand-off tells someone by e-mail (a task sent back or accepted, a finished push, the form
    // signed, changes to review, a census, a client's upload, go-live); the client's rules decide whom.
    clientNotificationsWorker({
      now,
      names: notificationNames({ store, pool }),
      notify: clientEmails({
        store,
        pool,
        emailSender: identity.deps.emailSender,
        publicUrl: identity.deps.publicUrl,
      }).notifyClient,
    }),
    // An onboarding form's recipients hear when they can sign, are no longer needed, or it is declined or voided.
    onboardingFormNotificationsWorker({
      store,
      now,
      notify: onboardingFormEmails({
        store,
        pool,
        emailSender: identity.deps.emailSender,
        publicUrl: identity.deps.publicUrl,
        eSignature,
        now,
        newId: randomUUID,
      }).notify,
    }),
  ];
  const consumersHere = [...(has('projections') ? projections : []), ...(has('workers') ? reactors : [])];
  // Every runner may have a read or a batch in flight at once; the rest serve requests.
  if (config.pgPoolMax < consumersHere.length + MIN_SPARE_CONNECTIONS) {
    await bus.close();
    await store.close();
    await abortStart(
      new Error(
        `PG_POOL_MAX is ${config.pgPoolMax}: ${config.services.join(', ')} needs at least ${consumersHere.length + MIN_SPARE_CONNECTIONS} (${consumersHere.length} runners may each read or apply at once)`,
      ),
    );
  }
  for (const consumer of consumersHere)
    runners.push({
      consumer,
      runner: startRunner({ store, pool, consumer, logger, batchSize: config.projectionBatchSize }),
    });
  // The outbox's delivery worker, when e-mails leave through a mail server (SMTP_URL).
  const smtp = config.email.smtpUrl && has('workers') ? smtpTransport(config.email.smtpUrl) : null;
  if (smtp) emailDelivery = startEmailDelivery({ config, pool, store, transport: smtp, now, logger });
  // The day's task reminders and escalations, then the daily digests: one workers process at a time.
  const dailyEmails =
    has('workers') && config.email.dailyJob
      ? startDailyEmails({
          store,
          pool,
          emailSender: identity.deps.emailSender,
          publicUrl: identity.deps.publicUrl,
          now,
          hourUtc: config.email.digestHourUtc,
          reminders: config.email.reminders,
          eSignature,
          logger,
        })
      : null;

  // Census files and personal data erased a set time after going LIVE: one workers process at a time.
  const retention =
    has('workers') && config.email.dailyJob
      ? startRetention({
          store,
          pool,
          keys: dataKeys,
          emailSender: identity.deps.emailSender,
          publicUrl: identity.deps.publicUrl,
          now,
          retentionDays: config.personalDataRetentionDays,
          logger,
        })
      : null;

  const authenticate = identity.authenticate;
  // The plan system's directory and the ticket system: built-in simulators unless configured (qps/directory.ts).
  const planSystemPorts = connectPlanSystem(config.qps);
  const toggleDefaults = { ...BUILT_IN_TOGGLE_DEFAULTS, explorerLanguage: config.explorerLanguageToggle };
  // Whether the ticket system is up (explorer §7): probed, or the global toggle `ticketSystemDown`, cached
  // for every caller. Staff switching that toggle set this process's cached answer; another replica's expires
  // within cacheMs.
  const ticketSystemStatus = cachedStatus(ticketSystemStatusFor(config, { pool, defaults: toggleDefaults }), {
    ttlMs: config.serviceStatus.cacheMs,
  });
  // Malformed paths, NUL and lone surrogates, a JSON route sent another type: refused before anything runs.
  app.use(requestHygiene(allContracts));
  // explorer §1: a public Explorer host serves the three Explorer routes and nothing else.
  app.use(explorerPublicHostGuard({ hosts: config.explorerPublicHosts, webDist: config.webDist }));
  app.use(cookieParser());
  // Analytics accepts anonymous batches, so its body limit is its own and far smaller (checked first).
  // It is counted per address (anonymous or not) before the body is read.
  app.use('/api/analytics/events', analyticsIntake(identity.deps.throttle, jsonBodyBytes));
  // The error-reporting tunnel takes the SDK's text envelopes without a CSRF header (error-reporting/).
  const errorReporter = createErrorReporter({
    pool,
    dsn: config.sentryDsn,
    release: config.release,
    logger,
    maxBytes: config.anonymousTables.errorReportsMaxBytes,
  });
  if (has('command-api') || has('query-api'))
    app.use(
      errorReportingRoutes({
        pool,
        authenticate: identity.authenticate,
        reporter: errorReporter,
        throttle: identity.deps.throttle,
      }),
    );
  app.use('/api', express.json({ limit: '1mb', verify: jsonBodyBytes }));
  app.use('/api', jsonBodyHygiene);
  app.use('/api', csrfProtection);
  // A deleted client is gone for everyone, an archived one for all but staff, on every client call.
  app.use('/api/clients/:clientId', clientStandingGate({ pool, authenticate: identity.authenticate }));

  // This replica's consumers (none on an API replica): whether it holds each one's lock (active) or waits
  // as the standby, and each one's lag.
  // Each dependency up or down; 503 only when this process cannot do its job without the one that is down
  // (PostgreSQL and EventStoreDB everywhere). Kafka down leaves every process working: command-api saves to
  // the event store, projections and workers read it, query-api answers reads, and the bus publisher hands
  // the messages over once Kafka is back; such a process answers 200 `degraded`.
  app.get('/api/health', async (_req, res, next) => {
    try {
      const kafkaBrokers = config.bus.kind === 'kafka' ? config.bus.brokers : null;
      const probes: [Dependency, () => Promise<unknown>][] = [
        ['PostgreSQL', () => pool.query('select 1')],
        ...(kafkaBrokers
          ? [['Kafka', () => anyReachable(kafkaBrokers)] as [Dependency, () => Promise<unknown>]]
          : []),
        ...(config.eventStore.kind === 'eventstoredb'
          ? [['EventStoreDB', () => store.headPosition()] as [Dependency, () => Promise<unknown>]]
          : []),
      ];
      const results = await Promise.all(
        probes.map(([name, check]) =>
          withinMs(HEALTH_PROBE_MS, check).then(
            () => [name, 'up'] as const,
            () => [name, 'down'] as const,
          ),
        ),
      );
      const dependencies = Object.fromEntries(results) as Partial<Record<Dependency, 'up' | 'down'>>;
      const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
      const essentialDown = down.filter((name) => name !== 'Kafka');
      if (essentialDown.length > 0) {
        res
          .status(503)
          .set('Retry-After', String(RETRY_AFTER_SECONDS))
          .json({
            ...maintenancePayload(essentialDown),
            status: 'unavailable',
            services: config.services,
            dependencies,
          });
        return;
      }
      const statuses = await consumerStatuses(
        pool,
        store,
        runners.map((r) => r.consumer),
      );
      res.json({
        status: down.length > 0 ? 'degraded' : 'ok',
        replica: `${hostname()}:${port}`,
        services: config.services,
        eventStore: config.eventStore.kind,
        bus: config.bus.kind,
        dependencies,
        degraded: down,
        consumers: statuses.map((status, i) => ({ ...status, isActive: runners[i]!.runner.isActive() })),
      });
    } catch (error) {
      next(error);
    }
  });
  app.get('/api/openapi.json', (_req, res) => {
    res.json(buildOpenApiDocument());
  });

  let gateway: Gateway | null = null;
  // Identity (command-api/src/auth): sign-in steps, sessions, links. Its GETs reach query-api containers
  // behind the edge (deploy/chart/files/nginx.conf routes by method), so both kinds mount it.
  if (has('command-api') || has('query-api')) app.use(identity.router());
  if (has('command-api')) {
    const commandDeps = { store, snapshots, authenticate, now, newId: randomUUID };
    app.use(createCommandApi({ ...commandDeps, people: pool }));
    app.use(clientLifecycleRoutes({ ...commandDeps, pool }));
    app.use(qpsCommandRoutes(commandDeps));
    app.use(
      planSystemCommandRoutes({
        ...commandDeps,
        pool,
        planSystem: planSystemPorts.planSystem,
        accounts: {
          sendActivationEmail: (userId, actor) => sendActivationEmail(identity.deps, userId, actor),
        },
      }),
    );
    app.use(
      createExplorerCommands({
        ...commandDeps,
        pool,
        emailSender: identity.deps.emailSender,
        publicUrl: identity.deps.publicUrl,
        humanCheckSecret: config.sessionSecrets[0],
        isDemoEnvironment: config.isDemoEnvironment,
        throttle: identity.deps.throttle,
      }),
    );
    app.use(employeeClassCommandRoutes(commandDeps));
    app.use(
      analyticsCommandRoutes({
        ...commandDeps,
        pool,
        forward: segmentForwarder(config.platform.analytics, logger),
        maxBytes: config.anonymousTables.analyticsMaxBytes,
      }),
    );
    app.use(documentCommandRoutes({ authenticate, documents, newId: randomUUID }));
    app.use(resourceCommandRoutes({ ...commandDeps, documents }));
    app.use(clientDocumentCommandRoutes({ ...commandDeps, documents, videos: documents }));
    app.use(
      featureToggleCommandRoutes({
        ...commandDeps,
        onGlobalSet: (toggle, enabled) => {
          if (toggle === 'ticketSystemDown' && !config.serviceStatus.probeUrl)
            ticketSystemStatus.remember(!enabled);
        },
      }),
    );
    app.use(benAdminPlatformCommandRoutes(commandDeps));
    app.use(portalChatCommandRoutes(commandDeps));
    app.use(conversationCommandRoutes({ ...commandDeps, pool }));
    app.use(
      emailCommandRoutes({
        ...commandDeps,
        pool,
        emailSender: identity.deps.emailSender,
        publicUrl: identity.deps.publicUrl,
      }),
    );
    app.use(
      outsideSignerRoutes({
        ...commandDeps,
        pool,
        emailSender: identity.deps.emailSender,
        publicUrl: identity.deps.publicUrl,
      }),
    );
    // User administration: the e-mails and factor resets go through identity, as the acting admin.
    app.use(
      createUserAdminCommands({
        ...commandDeps,
        pool,
        accounts: {
          sendActivationEmail: (userId, actor) => sendActivationEmail(identity.deps, userId, actor),
          sendPasswordReset: (userId, actor) => sendPasswordReset(identity.deps, userId, actor),
          resetMfa: (userId, actor) => resetMfa(identity.deps, userId, actor),
          createActivationLink: (userId) => createActivationLink(identity.deps, userId),
        },
      }),
    );
    app.use(censusCommandRoutes({ ...commandDeps, documents, bus, pool }));
    app.use(
      dataFeedCommandRoutes({
        ...commandDeps,
        documents,
        emailSender: identity.deps.emailSender,
        publicUrl: identity.deps.publicUrl,
      }),
    );
    app.use(personalDataCommandRoutes({ ...commandDeps, keys: dataKeys }));
    app.use(
      onboardingFormCommandRoutes({
        ...commandDeps,
        pool,
        documents,
        eSignature,
        emailSender: identity.deps.emailSender,
        publicUrl: identity.deps.publicUrl,
      }),
    );
  }
  if (has('query-api')) {
    app.use(createQueryApi({ pool, authenticate, now }));
    app.use(createUserAdminQueries({ pool, authenticate }));
    app.use(eifHistoryRoutes({ store, snapshots, authenticate, pool }));
    app.use(eifSummaryRoutes({ store, snapshots, authenticate }));
    app.use(eifSignaturesRoutes({ store, authenticate }));
    app.use(
      evidencePackRoutes(
        {
          // The chain covers the events as kept: sealed values as their ciphertexts, which an erasure leaves.
          store: store.raw,
          snapshots,
          authenticate,
          carrierCertificate: carrierCertificateSource(config.evidenceCertificate, now),
          signedForms: (clientId) => completedFormsForEvidence({ pool, documents }, clientId),
        },
        now,
      ),
    );
    app.use(qpsQueryRoutes({ pool, authenticate }));
    app.use(planSystemQueryRoutes({ store, snapshots, authenticate, ...planSystemPorts }));
    app.use(
      createExplorerQueries({
        keys: dataKeys,
        pool,
        authenticate,
        languageFeatureToggle: config.explorerLanguageToggle,
        isDemoEnvironment: config.isDemoEnvironment,
        documents,
      }),
    );
    app.use(employeeClassQueryRoutes({ pool, authenticate }));
    app.use(analyticsQueryRoutes({ pool, authenticate, now }));
    app.use(resourceQueryRoutes({ pool, authenticate, documents }));
    app.use(
      documentQueryRoutes({
        pool,
        authenticate,
        store,
        documents,
        videos: documents,
        zipTimeoutMs: config.documentsZipTimeoutMs,
      }),
    );
    app.use(serviceStatusQueryRoutes({ ticketSystem: ticketSystemStatus }));
    app.use(
      featureToggleQueryRoutes({
        pool,
        authenticate,
        settings: config.platform,
        toggleDefaults,
      }),
    );
    app.use(benAdminPlatformQueryRoutes({ pool, authenticate }));
    app.use(portalChatQueryRoutes({ pool, authenticate }));
    app.use(conversationQueryRoutes({ pool, authenticate, keys: dataKeys }));
    app.use(personalDataAccessRoutes({ pool, authenticate }));
    app.use(emailQueryRoutes({ pool, authenticate }));
    app.use(emailRuleQueryRoutes({ store, pool, authenticate }));
    app.use(emailTemplateRoutes({ authenticate, store, now, newId: randomUUID }));
    app.use(onboardingFormQueryRoutes({ pool, authenticate, documents, eSignature, now }));
    gateway = await startGateway({ bus, authenticate, group: config.gatewayGroup });
    app.use(gateway.router);
    const liveGateway = gateway;
    app.use(
      censusQueryRoutes({
        store,
        authenticate,
        documents,
        progressOf: (id) => liveGateway.censusProgress(id),
      }),
    );
    app.use(dataFeedQueryRoutes({ store, authenticate, documents }));
  }
  app.use('/api', apiNotFound);
  app.use(errorMiddleware(logger, errorReporter.reportServerError));

  if (config.webDist && existsSync(join(config.webDist, 'index.html'))) {
    // The hashed assets: compressed at build time, kept a year; everything else an hour.
    const assets = join(config.webDist, 'assets');
    app.use('/assets', precompressedAssets(assets));
    app.use('/assets', express.static(assets, { index: false, cacheControl: false }));
    app.use(express.static(config.webDist, { index: false, maxAge: '1h' }));
    // A file that is not there is a 404, not the app page (a stale bundle's chunk must fail loudly).
    app.get(STATIC_FILE_PATH, (_req, res) => {
      res.status(404).type('text/plain').send('Not found');
    });
    // The SPA owns every other path; its route table decides what to show (including the 404 page).
    // The public Benefits Explorer has an entry of its own, without the portal's code (web/explorer.html).
    const explorerEntry = existsSync(join(config.webDist, 'explorer.html')) ? 'explorer.html' : 'index.html';
    const portal = portalPage(join(config.webDist, 'index.html'), async (req) => {
      try {
        const actor = await authenticate(req);
        return actor ? await readAuthenticatedUser(pool, actor.userId) : null;
      } catch {
        return undefined; // An expired access token: the web asks, and refreshes it.
      }
    });
    app.get(/.*/, (req, res, next) => {
      if (EXPLORER_PUBLIC_PATH.test(req.path))
        res.sendFile(join(config.webDist!, explorerEntry), { maxAge: 0 });
      else portal(req, res, next);
    });
  }

  identity.setAppUrl(url);
  phase = 'ready';

  // What a stop in progress still waits for, by name.
  const unstopped = new Set<string>();
  const step = async (what: string, stop: () => unknown) => {
    unstopped.add(what);
    try {
      await stop();
    } finally {
      unstopped.delete(what);
    }
  };
  /**
   * Drains before it stops: readiness answers 503, the server takes no new connection, SSE streams end (the
   * browser reconnects, through the edge, to another replica), requests in flight finish (for at most
   * config.drainMs, then their connections are cut); then the runners, the bus, the store and the pool.
   */
  const drainAndStop = async () => {
    phase = 'stopping';
    isStopping = true;
    const closed = new Promise<void>((done) => server.close(() => done()));
    await step('the live-update gateway', () => gateway?.stop());
    // A keep-alive connection closes as soon as its request in flight has been answered.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), config.drainMs);
    await step('the requests in flight', () => closed);
    clearInterval(sweep);
    clearTimeout(cut);
    await step('the daily e-mails', () => dailyEmails?.stop());
    await step('the retention job', () => retention?.stop());
    await step('e-mail delivery', () => emailDelivery?.stop());
    smtp?.close();
    await Promise.all(runners.map((r) => step(`the ${r.consumer.name} runner`, () => r.runner.stop())));
    await step('the event bus', () => bus.close());
    await step('the event store', () => store.close());
    await step('the data keys listener', () => destroyedKeys.close());
    await step('the database pool', () => pool.end());
  };
  let stopping: Promise<void> | null = null;

  return {
    url,
    config,
    store,
    bus,
    pool,
    logger,
    identity,
    dataKeys,
    stop: () => (stopping ??= drainAndStop()),
    stillStopping: () => [...unstopped],
  };
}

/** How long the readiness probe waits for the database, so it answers within 2 s whatever it does. */
const READY_PROBE_MS = 1_500;
/** How long /api/health waits for each dependency. */
const HEALTH_PROBE_MS = 2_500;

/** `run`'s promise, or a rejection after `ms` (the work itself goes on; its result is dropped). */
function withinMs<T>(ms: number, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    run(),
    new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Connections beyond the runners' locks: requests, batches, the lock attempts of standbys. */
const MIN_SPARE_CONNECTIONS = 3;
