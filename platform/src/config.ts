import { createHash, hkdfSync } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { certificateName } from './evidence-pack/seal.ts';
import type { PlatformSettings } from '@onboard/query-api/feature-toggles';
import type { ThrottleLimits } from '@onboard/command-api/throttle';
import type { S3DocumentStoreConfig } from './documents/s3.ts';
import { parseSettings, throttleLimits, type Settings } from './settings.ts';

export type Service = 'command-api' | 'query-api' | 'projections' | 'workers';
export const ALL_SERVICES: readonly Service[] = ['command-api', 'query-api', 'projections', 'workers'];

export type AppConfig = {
  host: string;
  port: number;
  /** PostgreSQL for the read models; in the embedded default also the event store and the bus. */
  databaseUrl: string;
  eventStore: { kind: 'postgres' } | { kind: 'eventstoredb'; connectionString: string };
  bus: { kind: 'postgres' } | { kind: 'kafka'; brokers: string[] };
  services: readonly Service[];
  /** Serve the built web app from this folder (null: API only). */
  webDist: string | null;
  /**
   * SEED_DEMO_DATA: the demo clients, and in the embedded default only the demo users with their published
   * password. The distributed topology never seeds demo users: its first owner comes from
   * ONBOARD_FIRST_OWNER_EMAIL.
   */
  seedDemoData: boolean;
  /** The demo users (embedded default only, with SEED_DEMO_DATA). */
  seedDemoUsers: boolean;
  /**
   * ONBOARD_FIRST_OWNER_EMAIL: while no user has this address, a command-api process registers it as an
   * owner (SLF_OWNER) and prints a single-use activation link once; null: none.
   */
  firstOwnerEmail: string | null;
  /** Apply pending migrations at start (MIGRATE_ON_START; the embedded default does, the distributed topology runs `npm run migrate`). */
  migrateOnStart: boolean;
  /** Seeds the demo users with this password (embedded default only; ONBOARD_DEMO_PASSWORD). */
  demoPassword: string;
  /**
   * ONBOARD_DEMO_TOTP (embedded default only, on unless `0`): the demo users come enrolled with an
   * authenticator secret that `npm start` prints, and `npm run demo-code` gives their current code. The
   * distributed topology refuses the setting: the secrets are published.
   */
  demoTotp: boolean;
  /**
   * SESSION_SECRET, comma-separated to rotate keys: the first (newest) signs and encrypts, every one
   * verifies and decrypts. Required in the distributed topology, each one generated: at least 32 random
   * bytes by an entropy estimate (e.g. `openssl rand -base64 48`).
   */
  sessionSecrets: readonly string[];
  /** PASSWORD_MAX_AGE_DAYS: older passwords answer PASSWORD_EXPIRED at sign-in. */
  passwordMaxAgeDays: number;
  /**
   * PUBLIC_URL, the base of e-mailed links (the address users reach, e.g. the edge); null means the app's
   * own URL (embedded default only: the distributed topology refuses to start without it).
   */
  publicUrl: string | null;
  /**
   * How e-mails leave: with SMTP_URL (e.g. `smtp://user:pass@mail:587`) the delivery worker sends them
   * through that server (retries with backoff every EMAIL_RETRY_BASE_SECONDS × 4ⁿ); without it each
   * e-mail is printed on the console and recorded as sent. EMAIL_FROM is the sender address.
   */
  email: {
    smtpUrl: string | null;
    from: string;
    retryBaseMs: number;
    pollMs: number;
    digestHourUtc: number;
    /**
     * EMAIL_RESEND_GRACE_SECONDS (default 900): a worker that died between handing an e-mail to the server
     * and recording the outcome leaves the attempt open; the e-mail is sent again, with the same
     * Message-ID, only this long after that attempt began.
     */
    resendGraceMs: number;
    /**
     * TASK_REMINDER_LEAD_DAYS (default 3): a task's owner is reminded this many US working days before
     * its due date (then on the day, and past due weekly); TASK_ESCALATION_DAYS (default 5): past due by
     * more than this many working days, the implementation consultant is told.
     */
    reminders: { leadWorkingDays: number; escalateAfterWorkingDays: number };
    /** Whether the workers run the day's reminders and digests on their own (EMAIL_DAILY_JOB, default on). */
    dailyJob: boolean;
  };
  /** GATEWAY_GROUP: the name of this replica's bus consumer (on Kafka, its consumer group's prefix). */
  gatewayGroup: string;
  logLevel: string;
  /**
   * PG_POOL_MAX: this process's PostgreSQL pool (default 32). A projections or workers process needs one
   * connection per runner it holds plus a few; see the connection budget in the README.
   */
  pgPoolMax: number;
  /**
   * PROJECTION_BATCH_SIZE: the most events a runner applies in one transaction (default 500): smaller
   * batches commit more often while catching up.
   */
  projectionBatchSize: number;
  /**
   * RUNNER_LEASE_TICK_MS and RUNNER_LEASE_TTL_MS: how often a process renews its partitions' leases
   * (default 300) and how long an unrenewed lease lasts (default 1200) before another process takes it.
   */
  runnerLeases: { tickMs: number; ttlMs: number };
  /**
   * PG_QUERY_TIMEOUT_MS: how long one database query may take (default 10000) before it fails (a 503 with
   * Retry-After); the server cancels it past the same time (statement_timeout).
   */
  pgQueryTimeoutMs: number;
  /** SHUTDOWN_DRAIN_SECONDS: how long a stopping process lets requests in flight finish (default 8). */
  drainMs: number;
  /**
   * ONBOARD_EXPLORER_PUBLIC_HOSTS: host names (comma-separated, or `*` for every host) that serve only
   * the public Explorer at their root (explorer §1, §2); empty: none.
   */
  explorerPublicHosts: readonly string[];
  /** ONBOARD_DEMO_ENVIRONMENT=1: a demo environment, whose chats go to the demo department (platform §9). */
  isDemoEnvironment: boolean;
  /**
   * ONBOARD_EXPLORER_LANGUAGE_TOGGLE=0: the Explorer's language feature toggle (explorer §2) is off until
   * staff switch it on the feature-toggles page; only its default.
   */
  explorerLanguageToggle: boolean;
  /** What GET /api/configuration answers (the version is ONBOARD_BUILD_ID, `dev` without one). */
  platform: PlatformSettings;
  /**
   * Where document files are kept: the built-in `documents` table, or with ONBOARD_DOCUMENT_BASE_URL an
   * external store the Explorer relays files from (read only: uploads are refused).
   */
  /** DOCUMENTS_ZIP_TIMEOUT_MS: how long gathering one zip's files may take (FILE_ZIPPING_TIMEOUT past it). */
  documentsZipTimeoutMs: number;
  documentStore:
    { kind: 'postgres' } | { kind: 'http'; baseUrl: string } | ({ kind: 's3' } & S3DocumentStoreConfig);
  /**
   * How GET /api/service-status learns whether the ticket system is up: with TICKET_SYSTEM_STATUS_URL a
   * probe (up when it answers 2xx within TICKET_SYSTEM_STATUS_TIMEOUT_MS), otherwise what staff
   * switch (the global feature toggle `ticketSystemDown`). The answer is cached `cacheMs` (SERVICE_STATUS_CACHE_SECONDS;
   * explorer §9: 5 minutes).
   */
  serviceStatus: { probeUrl: string | null; timeoutMs: number; cacheMs: number };
  /**
   * SENTRY_DSN: the error-reporting project the tunnel forwards envelopes to (onboarding §7); null keeps
   * them in the `error_reports` table for staff.
   */
  sentryDsn: string | null;
  /**
   * The byte caps of the tables anyone may write to, the oldest rows dropped past them:
   * ONBOARD_ERROR_REPORTS_MAX_MB (default 64) and ONBOARD_ANALYTICS_MAX_MB (default 256).
   */
  anonymousTables: { errorReportsMaxBytes: number; analyticsMaxBytes: number };
  /** ONBOARD_RELEASE: the release error reports name. */
  release: string;
  /** The attempts allowed per window (ONBOARD_THROTTLE_*, e.g. ONBOARD_THROTTLE_SIGN_IN_ADDRESS=50/15m). */
  throttle: ThrottleLimits;
  /**
   * TRUST_PROXY: Express's `trust proxy`, which decides the client address the throttle counts: `loopback`
   * (the default: a proxy on the same machine), a hop count, `true`, or addresses and subnets
   * (comma-separated; `uniquelocal` for a proxy on a private network, such as the compose edge).
   */
  trustProxy: boolean | number | string;
  /**
   * The carrier certificate that seals evidence packs (PAdES): ONBOARD_EVIDENCE_CERT_P12 (a PKCS#12 file,
   * base64) opened with ONBOARD_EVIDENCE_CERT_PASSWORD. Without it the embedded default makes a
   * self-signed one on first use and keeps it in `file` (ONBOARD_EVIDENCE_CERT_FILE, default
   * `.data/evidence-certificate.p12`; null: in memory only), and the distributed topology has none
   * (the evidence pack answers 503).
   */
  evidenceCertificate:
    | { kind: 'p12'; p12: Buffer; password: string }
    | { kind: 'self-signed'; file: string | null }
    | { kind: 'none' };
  /**
   * The key-encryption key that wraps the data keys sealing personal data: AWS KMS with ONBOARD_KMS_KEY_ID
   * (region AWS_REGION, endpoint ONBOARD_KMS_ENDPOINT for a KMS-compatible server); else ONBOARD_DATA_KEK
   * (32 bytes, base64); else, in the embedded default, a key made on first start in `file`
   * (ONBOARD_DATA_KEK_FILE, default `.data/data-kek.key`), and in the distributed topology one derived from
   * SESSION_SECRET (HKDF), which is required and generated there.
   */
  keyEncryptionKey:
    | { kind: 'kms'; keyId: string; region: string; endpoint: string | null }
    | { kind: 'environment'; key: Buffer }
    | { kind: 'file'; file: string };
  /**
   * ONBOARD_PERSONAL_DATA_RETENTION_DAYS (default 90): a LIVE client's census files and personal data are
   * erased this many days after it went LIVE, by the daily job.
   */
  personalDataRetentionDays: number;
  /** ONBOARD_DATA_DIR: the embedded PostgreSQL's data folder. */
  dataDir: string;
  /**
   * The plan system: how long a push may take (QPS_PUSH_TIMEOUT_MS), the built-in simulator's delay
   * (QPS_SIMULATOR_DELAY_MS), and the real directory and ticket system when QPS_DIRECTORY_URL and
   * TICKET_SYSTEM_URL name them (the simulators otherwise).
   */
  qps: {
    timeoutMs: number;
    simulatorDelayMs: number;
    directoryUrl: string | null;
    ticketSystemUrl: string | null;
  };
};

export const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');

const MB = 1024 * 1024;

export const DEFAULT_DEMO_PASSWORD = 'Lakeside-Demo-2026!';

export const MIN_SESSION_SECRET_BITS = 256;
const EMBEDDED_SESSION_SECRET = 'onboard-embedded-default-session-secret';
const MAKE_ONE =
  "generate one with `openssl rand -base64 48` (or `node -e \"console.log(require('crypto').randomBytes(48).toString('base64'))\"`)";

/** The smallest alphabet a secret's characters come from: hex, hex with dashes (UUIDs), base64(url), printable. */
const ALPHABETS: readonly [RegExp, number][] = [
  [/^[0-9a-f]+$/i, 16],
  [/^[0-9a-f-]+$/i, 17],
  [/^[A-Za-z0-9+/_-]+$/, 64],
];

/**
 * An estimate of the random bits in a secret: its length times the bits of the smallest alphabet its
 * characters come from, as long as it looks drawn at random from that alphabet (a random string of that
 * length uses about K·(1 − (1 − 1/K)ⁿ) distinct characters, words far fewer; and it repeats no stretch
 * and runs no sequence), else 0.
 */
export function estimatedSecretBits(secret: string): number {
  const s = secret.replace(/=+$/, '');
  const n = s.length;
  if (n === 0) return 0;
  const k = ALPHABETS.find(([pattern]) => pattern.test(s))?.[1] ?? 94;
  const expectedDistinct = k * (1 - (1 - 1 / k) ** n);
  if (new Set(s).size < 0.6 * expectedDistinct) return 0;
  // A pattern: a repeated stretch of 8, or far more neighbours one apart (or equal) than chance gives.
  const seen = new Set<string>();
  for (let i = 0; i + 8 <= n; i++) {
    if (seen.has(s.slice(i, i + 8))) return 0;
    seen.add(s.slice(i, i + 8));
  }
  let steps = 0;
  for (let i = 1; i < n; i++) if (Math.abs(s.charCodeAt(i) - s.charCodeAt(i - 1)) <= 1) steps++;
  if (steps > (n - 1) * (3 / k + 0.25)) return 0;
  return Math.floor(n * Math.log2(k));
}

/**
 * SESSION_SECRET: one secret or several, comma-separated, newest first. In the distributed topology each
 * must be generated (at least 32 random bytes by estimatedSecretBits), since whoever knows or guesses it
 * can sign sessions and MFA steps; a phrase, a placeholder or a short value is refused.
 */
export function parseSessionSecrets(value: string | undefined, isDistributed: boolean): readonly string[] {
  const secrets = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (!isDistributed) return secrets.length > 0 ? secrets : [EMBEDDED_SESSION_SECRET];
  if (secrets.length === 0)
    throw new Error(`SESSION_SECRET is required in the distributed topology: ${MAKE_ONE}`);
  for (const [i, secret] of secrets.entries()) {
    const which =
      secrets.length > 1 ? `SESSION_SECRET (secret ${i + 1} of ${secrets.length})` : 'SESSION_SECRET';
    const bits = estimatedSecretBits(secret);
    if (bits < MIN_SESSION_SECRET_BITS)
      throw new Error(
        `${which} is not a generated secret: about ${bits} random bits, at least ${MIN_SESSION_SECRET_BITS} (32 random bytes) needed; ${MAKE_ONE}`,
      );
  }
  return secrets;
}

/** PUBLIC_URL: an http(s) address without query or fragment; required in the distributed topology. */
export function parsePublicUrl(value: string | undefined, isDistributed: boolean): string | null {
  const v = value?.trim() ?? '';
  if (v === '') {
    if (isDistributed)
      throw new Error(
        'PUBLIC_URL is required in the distributed topology: the address users reach Onboard at (the edge, e.g. https://onboard.example.com), the base of every link in an e-mail',
      );
    return null;
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL: not a URL: ${v}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(`PUBLIC_URL: an http(s) address without query or fragment, not ${v}`);
  return v.replace(/\/+$/, '');
}

function parseServices(value: string): readonly Service[] {
  if (value === 'all') return ALL_SERVICES;
  const services = value.split(',').map((s) => s.trim());
  for (const s of services) {
    if (!ALL_SERVICES.includes(s as Service)) throw new Error(`SERVICES: unknown service ${s}`);
  }
  return services as Service[];
}

/** ONBOARD_DEMO_TOTP: on by default in the embedded default; asking for it in the distributed topology fails. */
export function parseDemoTotp(value: boolean | undefined, isDistributed: boolean): boolean {
  if (isDistributed && value === true)
    throw new Error(
      'ONBOARD_DEMO_TOTP: demo authenticator secrets are published, so they exist only in the embedded default, never in the distributed topology',
    );
  return !isDistributed && value !== false;
}

/**
 * The configuration of an environment, read once at start (SETTINGS declares every variable);
 * `embeddedDatabaseUrl` is used when DATABASE_URL is absent.
 */
export function loadConfig(env: NodeJS.ProcessEnv, embeddedDatabaseUrl?: string): AppConfig {
  const settings = parseSettings(env);
  const isDistributed = isDistributedTopology(settings);
  const databaseUrl = settings.DATABASE_URL ?? embeddedDatabaseUrl;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const seedDemoData = settings.SEED_DEMO_DATA ?? !isDistributed;
  const sessionSecrets = parseSessionSecrets(settings.SESSION_SECRET, isDistributed);
  return {
    host: settings.HOST ?? (isDistributed ? '0.0.0.0' : '127.0.0.1'),
    port: settings.PORT,
    databaseUrl,
    eventStore: settings.EVENTSTORE_CONNECTION_STRING
      ? { kind: 'eventstoredb', connectionString: settings.EVENTSTORE_CONNECTION_STRING }
      : { kind: 'postgres' },
    bus: settings.KAFKA_BROKERS
      ? { kind: 'kafka', brokers: settings.KAFKA_BROKERS.split(',').map((b) => b.trim()) }
      : { kind: 'postgres' },
    services: parseServices(settings.SERVICES),
    webDist: settings.WEB_DIST === '' ? null : (settings.WEB_DIST ?? WEB_DIST),
    seedDemoData,
    seedDemoUsers: seedDemoData && !isDistributed,
    firstOwnerEmail: settings.ONBOARD_FIRST_OWNER_EMAIL ?? null,
    migrateOnStart: settings.MIGRATE_ON_START ?? !isDistributed,
    demoPassword: settings.ONBOARD_DEMO_PASSWORD,
    demoTotp: parseDemoTotp(settings.ONBOARD_DEMO_TOTP, isDistributed),
    passwordMaxAgeDays: settings.PASSWORD_MAX_AGE_DAYS,
    publicUrl: parsePublicUrl(settings.PUBLIC_URL, isDistributed),
    sessionSecrets,
    email: {
      smtpUrl: settings.SMTP_URL ?? null,
      from: settings.EMAIL_FROM,
      retryBaseMs: settings.EMAIL_RETRY_BASE_SECONDS * 1000,
      pollMs: settings.EMAIL_POLL_SECONDS * 1000,
      digestHourUtc: settings.EMAIL_DIGEST_HOUR,
      resendGraceMs: settings.EMAIL_RESEND_GRACE_SECONDS * 1000,
      reminders: {
        leadWorkingDays: settings.TASK_REMINDER_LEAD_DAYS,
        escalateAfterWorkingDays: settings.TASK_ESCALATION_DAYS,
      },
      dailyJob: settings.EMAIL_DAILY_JOB ?? true,
    },
    gatewayGroup: settings.GATEWAY_GROUP ?? `gateway-${hostname()}`,
    logLevel: settings.LOG_LEVEL,
    pgPoolMax: settings.PG_POOL_MAX,
    projectionBatchSize: settings.PROJECTION_BATCH_SIZE,
    runnerLeases: { tickMs: settings.RUNNER_LEASE_TICK_MS, ttlMs: settings.RUNNER_LEASE_TTL_MS },
    pgQueryTimeoutMs: settings.PG_QUERY_TIMEOUT_MS,
    drainMs: settings.SHUTDOWN_DRAIN_SECONDS * 1000,
    explorerPublicHosts: settings.ONBOARD_EXPLORER_PUBLIC_HOSTS,
    isDemoEnvironment: settings.ONBOARD_DEMO_ENVIRONMENT ?? false,
    explorerLanguageToggle: settings.ONBOARD_EXPLORER_LANGUAGE_TOGGLE ?? true,
    platform: {
      version: settings.ONBOARD_BUILD_ID,
      supportEmail: settings.ONBOARD_SUPPORT_EMAIL,
      helpCenterUrl: settings.ONBOARD_HELP_CENTER_URL,
      legalLinks: {
        legal: settings.ONBOARD_LEGAL_URL,
        privacy: settings.ONBOARD_PRIVACY_URL,
        security: settings.ONBOARD_SECURITY_URL,
        fraud: settings.ONBOARD_FRAUD_URL,
      },
      analytics: settings.ONBOARD_ANALYTICS_WRITE_KEY
        ? {
            writeKey: settings.ONBOARD_ANALYTICS_WRITE_KEY,
            apiHost: settings.ONBOARD_ANALYTICS_API_HOST ?? null,
          }
        : null,
      errorReportingDsn: settings.SENTRY_DSN ?? null,
      productionHosts: settings.ONBOARD_PRODUCTION_HOSTS,
    },
    documentStore: documentStoreConfig(settings),
    documentsZipTimeoutMs: settings.DOCUMENTS_ZIP_TIMEOUT_MS,
    serviceStatus: {
      probeUrl: settings.TICKET_SYSTEM_STATUS_URL ?? null,
      timeoutMs: settings.TICKET_SYSTEM_STATUS_TIMEOUT_MS,
      cacheMs: settings.SERVICE_STATUS_CACHE_SECONDS * 1000,
    },
    sentryDsn: settings.SENTRY_DSN ?? null,
    release: settings.ONBOARD_RELEASE,
    throttle: throttleLimits(settings),
    anonymousTables: {
      errorReportsMaxBytes: settings.ONBOARD_ERROR_REPORTS_MAX_MB * MB,
      analyticsMaxBytes: settings.ONBOARD_ANALYTICS_MAX_MB * MB,
    },
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    evidenceCertificate: parseEvidenceCertificate(settings, isDistributed),
    dataDir: resolve(settings.ONBOARD_DATA_DIR),
    qps: {
      timeoutMs: settings.QPS_PUSH_TIMEOUT_MS,
      simulatorDelayMs: settings.QPS_SIMULATOR_DELAY_MS,
      directoryUrl: settings.QPS_DIRECTORY_URL ?? null,
      ticketSystemUrl: settings.TICKET_SYSTEM_URL ?? null,
    },
    keyEncryptionKey: parseKeyEncryptionKey(env, isDistributed, sessionSecrets),
    personalDataRetentionDays: settings.ONBOARD_PERSONAL_DATA_RETENTION_DAYS,
  };
}

/** The distributed topology: any of its stores named (EventStoreDB, Kafka, an external PostgreSQL). */
export const isDistributedTopology = (settings: Settings) =>
  Boolean(settings.EVENTSTORE_CONNECTION_STRING || settings.KAFKA_BROKERS || settings.DATABASE_URL);

/** Where the key-encryption key comes from (AppConfig['keyEncryptionKey']); a malformed key fails at start. */
export function parseKeyEncryptionKey(
  env: NodeJS.ProcessEnv,
  isDistributed: boolean,
  sessionSecrets: readonly string[],
): AppConfig['keyEncryptionKey'] {
  const settings = parseSettings(env);
  const kmsKeyId = settings.ONBOARD_KMS_KEY_ID;
  if (kmsKeyId)
    return {
      kind: 'kms',
      keyId: kmsKeyId,
      region: settings.AWS_REGION,
      endpoint: settings.ONBOARD_KMS_ENDPOINT ?? null,
    };
  const base64 = settings.ONBOARD_DATA_KEK;
  if (base64) {
    const key = Buffer.from(base64, 'base64');
    if (key.length !== 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
      throw new Error('ONBOARD_DATA_KEK: not 32 bytes in base64 (e.g. `openssl rand -base64 32`)');
    return { kind: 'environment', key };
  }
  if (isDistributed)
    return {
      kind: 'environment',
      key: Buffer.from(hkdfSync('sha256', sessionSecrets.at(-1)!, '', 'onboard data keys', 32)),
    };
  const dataDir = resolve(settings.ONBOARD_DATA_DIR);
  return { kind: 'file', file: settings.ONBOARD_DATA_KEK_FILE ?? resolve(dirname(dataDir), 'data-kek.key') };
}

/** ONBOARD_EVIDENCE_CERT_P12 and its password, checked by opening it: a bad one fails at start. */
export function parseEvidenceCertificate(
  settings: Settings,
  isDistributed: boolean,
): AppConfig['evidenceCertificate'] {
  const base64 = (settings.ONBOARD_EVIDENCE_CERT_P12 ?? '').replace(/\s+/g, '');
  if (base64 === '') {
    if (isDistributed) return { kind: 'none' };
    const dataDir = resolve(settings.ONBOARD_DATA_DIR);
    return {
      kind: 'self-signed',
      file: settings.ONBOARD_EVIDENCE_CERT_FILE ?? resolve(dirname(dataDir), 'evidence-certificate.p12'),
    };
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    throw new Error(
      'ONBOARD_EVIDENCE_CERT_P12: not base64 (the PKCS#12 file, e.g. `base64 -w0 carrier.p12`)',
    );
  const p12 = Buffer.from(base64, 'base64');
  const password = settings.ONBOARD_EVIDENCE_CERT_PASSWORD ?? '';
  try {
    certificateName({ p12, password });
  } catch {
    throw new Error(
      'ONBOARD_EVIDENCE_CERT_P12: not a PKCS#12 file that ONBOARD_EVIDENCE_CERT_PASSWORD opens',
    );
  }
  return { kind: 'p12', p12, password };
}

function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

const TEST_DATA_KEK = createHash('sha256').update('onboard test key-encryption key').digest();

/** The embedded default mounted on an ephemeral loopback port, for integration and browser tests. */
export function embeddedTestConfig(databaseUrl: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ PORT: '0', LOG_LEVEL: 'warn' }, databaseUrl);
  return {
    ...base,
    // Tests run the day's reminders and digests on a clock of their own (runDailyEmails), not the wall's.
    email: { ...base.email, dailyJob: false },
    gatewayGroup: `gateway-test-${Math.random().toString(36).slice(2)}`,
    // Tests enrol demo users through the sign-in screens unless they ask for the printed demo secrets.
    demoTotp: false,
    // A self-signed carrier certificate made once per app, kept in memory.
    evidenceCertificate: { kind: 'self-signed', file: null },
    // One key-encryption key for every test app, so apps started one after the other on one database agree.
    keyEncryptionKey: { kind: 'environment', key: TEST_DATA_KEK },
    ...overrides,
  };
}

/**
 * The document store: S3-compatible object storage when DOCUMENTS_S3_BUCKET is set (endpoint, region and
 * credentials from DOCUMENTS_S3_ENDPOINT, DOCUMENTS_S3_REGION, DOCUMENTS_S3_ACCESS_KEY_ID and
 * DOCUMENTS_S3_SECRET_ACCESS_KEY), a read-only relay with ONBOARD_DOCUMENT_BASE_URL, else the table.
 */
function documentStoreConfig(settings: Settings): AppConfig['documentStore'] {
  const bucket = settings.DOCUMENTS_S3_BUCKET;
  if (bucket) {
    const accessKeyId = settings.DOCUMENTS_S3_ACCESS_KEY_ID ?? '';
    const secretAccessKey = settings.DOCUMENTS_S3_SECRET_ACCESS_KEY ?? '';
    if (!accessKeyId || !secretAccessKey)
      throw new Error(
        'DOCUMENTS_S3_BUCKET needs DOCUMENTS_S3_ACCESS_KEY_ID and DOCUMENTS_S3_SECRET_ACCESS_KEY',
      );
    const endpoint = settings.DOCUMENTS_S3_ENDPOINT ?? null;
    return {
      kind: 's3',
      bucket,
      endpoint,
      region: settings.DOCUMENTS_S3_REGION,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: endpoint !== null,
    };
  }
  if (settings.ONBOARD_DOCUMENT_BASE_URL)
    return { kind: 'http', baseUrl: settings.ONBOARD_DOCUMENT_BASE_URL };
  return { kind: 'postgres' };
}
