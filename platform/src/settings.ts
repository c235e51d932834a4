import { z } from 'zod';
import { DEFAULT_SUPPORT_SETTINGS } from '@onboard/domain';
import {
  DEFAULT_THROTTLE_LIMITS,
  parseLimit,
  throttleEnvName,
  type Limit,
  type ThrottleLimits,
  type ThrottleScope,
} from '@onboard/command-api/throttle';

/**
 * Every environment variable the server reads, declared once: how it is parsed, its default and what it
 * does. `parseSettings` reads them once at start (loadConfig); the README's table of variables is
 * generated from here (`npm run docs:settings`), and a unit test keeps the two the same.
 */

type Shown = { description: string; default?: string };

/** A variable set to blanks is unset; any other value is read without its surrounding blanks. */
const unsetWhenBlank = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value;

const text = (shown: Shown) => z.preprocess(unsetWhenBlank, z.string().optional()).meta(shown);

const textOr = (fallback: string, shown: Omit<Shown, 'default'> & { default?: string }) =>
  z
    .preprocess(unsetWhenBlank, z.string().default(fallback))
    .meta({ default: shown.default ?? fallback, description: shown.description });

const whole = (fallback: number, shown: Omit<Shown, 'default'>, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z
    .preprocess(
      unsetWhenBlank,
      z.coerce
        .number({ error: 'not a number' })
        .int({ error: 'not a whole number' })
        .min(min, { error: min === 0 ? 'not a whole number ≥ 0' : 'not a positive whole number' })
        .max(max, { error: `at most ${max}` })
        .default(fallback),
    )
    .meta({ default: String(fallback), description: shown.description });

const FLAGS: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  on: true,
  '0': false,
  false: false,
  no: false,
  off: false,
};

/** `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`; unset: the default (undefined: the topology's). */
const flag = (shown: Shown) =>
  z
    .preprocess(
      (value) => {
        const v = unsetWhenBlank(value);
        return typeof v === 'string' && v.toLowerCase() in FLAGS ? FLAGS[v.toLowerCase()] : v;
      },
      z.boolean({ error: 'expected 1, true, yes, on, 0, false, no or off' }).optional(),
    )
    .meta(shown);

/** Comma-separated names, lower-cased, blanks dropped. */
const names = (shown: Shown) =>
  z
    .preprocess(unsetWhenBlank, z.string().optional())
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    )
    .meta(shown);

const url = (shown: Shown) =>
  z.preprocess(unsetWhenBlank, z.url({ error: 'not a URL' }).optional()).meta(shown);

const MINUTES_OR_HOURS = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600}h` : seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`;

const throttleSettings = Object.fromEntries(
  (Object.keys(DEFAULT_THROTTLE_LIMITS) as ThrottleScope[]).map((scope) => {
    const name = throttleEnvName(scope);
    const { points, seconds } = DEFAULT_THROTTLE_LIMITS[scope];
    return [
      name,
      z
        .preprocess(unsetWhenBlank, z.string().optional())
        .transform((v, context) => {
          if (v === undefined) return DEFAULT_THROTTLE_LIMITS[scope];
          try {
            return parseLimit(name, v);
          } catch {
            context.addIssue({
              code: 'custom',
              message: 'expected attempts per window such as 50/15m',
            });
            return z.NEVER;
          }
        })
        .meta({
          default: `${points}/${MINUTES_OR_HOURS(seconds)}`,
          description: `attempts per window of the throttled call \`${scope}\` (docs/hardening.md)`,
        }),
    ];
  }),
) as Record<string, z.ZodType<{ points: number; seconds: number }>>;

export const SETTINGS = z.object({
  PORT: whole(3000, { description: 'HTTP port' }, 0, 65535),
  HOST: text({ default: '127.0.0.1 (embedded), 0.0.0.0 (distributed)', description: 'listen address' }),
  DATABASE_URL: text({
    default: 'embedded PostgreSQL',
    description: 'PostgreSQL for the read models (and, without the two below, the event store and the bus)',
  }),
  EVENTSTORE_CONNECTION_STRING: text({
    description: 'use EventStoreDB for events, e.g. `esdb://localhost:2113?tls=false`',
  }),
  KAFKA_BROKERS: text({ description: 'use Kafka for the bus, e.g. `localhost:9092` (comma-separated)' }),
  SERVICES: textOr('all', {
    default: '`all`',
    description:
      'which services this process runs: `command-api`, `query-api`, `projections`, `workers` (comma-separated)',
  }),
  SESSION_SECRET: text({
    default: 'a fixed embedded secret',
    description:
      'sessions, MFA steps, TOTP secrets; distributed: required, generated (≥ 32 random bytes: `openssl rand -base64 48`); a comma-separated list rotates keys',
  }),
  ONBOARD_DEMO_PASSWORD: textOr('Lakeside-Demo-2026!', {
    default: '`Lakeside-Demo-2026!`',
    description:
      'password of the seeded demo users (embedded default; `npm run seed` against `DATABASE_URL` needs one of your own)',
  }),
  ONBOARD_FIRST_OWNER_EMAIL: z
    .preprocess(
      unsetWhenBlank,
      z
        .string()
        .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: 'not an e-mail address' })
        .optional(),
    )
    .meta({
      description:
        'while no user has this address, a command-api process registers it as an owner and prints a single-use activation link (7 days) once',
    }),
  ONBOARD_DEMO_TOTP: flag({
    default: 'on embedded; refused distributed',
    description:
      '`0`: demo users enrol an authenticator at first sign-in instead of coming enrolled with a printed secret',
  }),
  PASSWORD_MAX_AGE_DAYS: whole(90, {
    description: 'passwords older than this must be reset before signing in',
  }),
  PUBLIC_URL: text({
    default: "the app's own URL (embedded only)",
    description:
      'base of the links in e-mails: where users reach Onboard (the edge); required in the distributed topology',
  }),
  QPS_PUSH_TIMEOUT_MS: whole(120_000, {
    description: 'a push to the plan system that takes longer ends as TIMEOUT',
  }),
  QPS_SIMULATOR_DELAY_MS: whole(
    3_000,
    { description: 'how long the built-in plan-system simulator takes to answer' },
    0,
  ),
  QPS_DIRECTORY_URL: url({
    default: '(the built-in simulator)',
    description: "the plan system's client directory: `GET {url}/clients?keys=…` (compare, import, sync)",
  }),
  TICKET_SYSTEM_URL: url({
    default: '(the built-in simulator)',
    description: 'the ticket system: `GET {url}/tickets/{ticketId}` (ticket info)',
  }),
  SEED_DEMO_DATA: flag({
    default: 'true embedded, false distributed',
    description:
      'seed the demo clients, and (embedded default only) the demo users; the distributed topology never seeds demo users',
  }),
  MIGRATE_ON_START: flag({
    default: 'true embedded, false distributed',
    description:
      'apply pending schema migrations at start (otherwise a service refuses a database behind its release)',
  }),
  // Not blank-trimmed: set and empty means the API only.
  WEB_DIST: z.string().optional().meta({
    default: '`web/dist`',
    description: 'folder of the built web app; empty to serve the API only',
  }),
  GATEWAY_GROUP: text({
    default: '`gateway-<host>`',
    description:
      "name of this gateway replica's bus consumer; on Kafka the prefix of its consumer group (a random suffix per start, the group deleted when it stops)",
  }),
  LOG_LEVEL: z
    .preprocess(
      unsetWhenBlank,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    )
    .meta({ default: 'info', description: 'pino log level' }),
  PG_POOL_MAX: whole(32, {
    description:
      'this process\'s PostgreSQL pool; at least its runners + 3 (README, "Distributed topology": the connection budget)',
  }),
  PROJECTION_BATCH_SIZE: whole(500, {
    description:
      'the most events a projection runner applies in one transaction; smaller batches hand partitions over sooner',
  }),
  RUNNER_LEASE_TICK_MS: whole(300, {
    description:
      "how often a process renews its projection partitions' leases and takes the ones it should hold",
  }),
  RUNNER_LEASE_TTL_MS: whole(1200, {
    description: "a lease not renewed this long is free: another process takes a dead one's partitions",
  }),
  SHUTDOWN_DRAIN_SECONDS: whole(8, {
    description: 'on SIGTERM, how long requests in flight may finish before their connections are cut',
  }),
  PG_QUERY_TIMEOUT_MS: whole(10_000, {
    description:
      'one database query may take this long (client `query_timeout` and server `statement_timeout`); past it the request answers 503 + `Retry-After`',
  }),
  ONBOARD_DATA_DIR: textOr('.data/pg', {
    default: '`.data/pg`',
    description: 'embedded PostgreSQL data folder',
  }),
  ONBOARD_EXPLORER_PUBLIC_HOSTS: names({
    description:
      'host names (comma-separated, or `*`) that serve only the public Explorer, at `/`, `/{id}` and `/{id}/personal-benefits-plan`',
  }),
  ONBOARD_EXPLORER_LANGUAGE_TOGGLE: flag({
    default: 'on',
    description:
      "`0`: the Explorer's language toggle is off until staff switch it on (`/feature-toggles/admin`); only the default",
  }),
  ONBOARD_BUILD_ID: textOr('dev', {
    description:
      "the build's id, the `version` of `GET /api/configuration`; build the web with the same `VITE_ONBOARD_BUILD_ID` so browsers replace a stored configuration once per deployment",
  }),
  ONBOARD_SUPPORT_EMAIL: textOr(DEFAULT_SUPPORT_SETTINGS.supportEmail, {
    description: 'the support e-mail the configuration answers',
  }),
  ONBOARD_HELP_CENTER_URL: textOr(DEFAULT_SUPPORT_SETTINGS.helpCenterUrl, {
    description: 'the help centre the configuration answers',
  }),
  ONBOARD_LEGAL_URL: textOr(DEFAULT_SUPPORT_SETTINGS.legalLinks.legal, {
    description: "the legal footer's Legal link target the configuration answers",
  }),
  ONBOARD_PRIVACY_URL: textOr(DEFAULT_SUPPORT_SETTINGS.legalLinks.privacy, {
    description: "the legal footer's Privacy link target the configuration answers",
  }),
  ONBOARD_SECURITY_URL: textOr(DEFAULT_SUPPORT_SETTINGS.legalLinks.security, {
    description: "the legal footer's Security link target the configuration answers",
  }),
  ONBOARD_FRAUD_URL: textOr(DEFAULT_SUPPORT_SETTINGS.legalLinks.fraud, {
    description: "the legal footer's Fraud link target the configuration answers",
  }),
  ONBOARD_ANALYTICS_WRITE_KEY: text({
    description:
      "the server forwards the portal's analytics events to Segment (or a compatible host) with its Node SDK; without it they stay in the portal's table (staff: `/analytics/admin`)",
  }),
  ONBOARD_ANALYTICS_API_HOST: text({
    default: "Segment's",
    description:
      'the Segment-compatible host the analytics events go to (with `ONBOARD_ANALYTICS_WRITE_KEY`)',
  }),
  ONBOARD_PRODUCTION_HOSTS: names({
    description:
      'host names (comma-separated) that are prod though their names do not say so (the environment comes from the host: `domain/src/feature-toggles/environment.ts`)',
  }),
  ONBOARD_DEMO_ENVIRONMENT: flag({
    description: "`1` sends every Explorer support chat to the 'Benefits Explorer Demo' department",
  }),
  ONBOARD_DOCUMENT_BASE_URL: text({
    description:
      'optional: relay files from this external store (read only) instead of the built-in `documents` table',
  }),
  DOCUMENTS_S3_BUCKET: text({
    description:
      'keep client documents in this S3 bucket (S3-compatible storage) instead of the `documents` table',
  }),
  DOCUMENTS_S3_ENDPOINT: text({
    default: 'AWS',
    description: 'an S3-compatible endpoint (path-style addressing, e.g. MinIO)',
  }),
  DOCUMENTS_S3_REGION: textOr('us-east-1', { default: '`us-east-1`', description: "the bucket's region" }),
  DOCUMENTS_S3_ACCESS_KEY_ID: text({ description: "the bucket's access key id (required with the bucket)" }),
  DOCUMENTS_S3_SECRET_ACCESS_KEY: text({
    description: "the bucket's secret access key (required with the bucket)",
  }),
  DOCUMENTS_ZIP_TIMEOUT_MS: whole(60_000, {
    description:
      'gathering the files of one zip download may take this long; past it the answer is `FILE_ZIPPING_TIMEOUT`',
  }),
  TICKET_SYSTEM_STATUS_URL: text({
    default: '(the `ticketSystemDown` feature toggle)',
    description:
      'GET /api/service-status: Jira is up when this answers 2xx in time; unset, the global feature toggle `ticketSystemDown` says it',
  }),
  TICKET_SYSTEM_STATUS_TIMEOUT_MS: whole(3000, { description: 'how long the status probe waits' }),
  SERVICE_STATUS_CACHE_SECONDS: whole(300, {
    description: 'how long the server keeps the service-status answer (explorer §9: 5 minutes)',
  }),
  SENTRY_DSN: text({
    description:
      "error-reporting project for the tunnel and the server's errors; without it they are kept for staff at `/error-reports/admin`",
  }),
  ONBOARD_RELEASE: textOr('onboard@dev', {
    default: '`onboard@dev`',
    description: 'the release error reports name',
  }),
  ...throttleSettings,
  ONBOARD_ERROR_REPORTS_MAX_MB: whole(64, {
    description:
      'the most the kept error reports take (bytes of what was sent); past it the oldest are dropped',
  }),
  ONBOARD_ANALYTICS_MAX_MB: whole(256, {
    description:
      'the most the kept analytics events take (bytes of what was sent); past it the oldest are dropped',
  }),
  TRUST_PROXY: textOr('loopback', {
    default: '`loopback`',
    description:
      "Express's `trust proxy`: which proxies' `X-Forwarded-For` gives the client address the throttle counts (a hop count, `true`, or addresses/subnets such as `uniquelocal`)",
  }),
  ONBOARD_EVIDENCE_CERT_P12: text({
    default: 'self-signed (embedded); none (distributed)',
    description:
      'the carrier certificate (base64 PKCS#12) that seals evidence packs; distributed without it the evidence pack answers 503',
  }),
  ONBOARD_EVIDENCE_CERT_PASSWORD: text({ description: 'the password of `ONBOARD_EVIDENCE_CERT_P12`' }),
  ONBOARD_EVIDENCE_CERT_FILE: text({
    default: '`.data/evidence-certificate.p12`',
    description: 'embedded default: where the self-signed carrier certificate is kept',
  }),
  SMTP_URL: text({
    default: '(printed on the console)',
    description:
      'the SMTP server the workers deliver e-mails through (e.g. `smtp://user:pass@mail:587`); without it each e-mail is printed and recorded as sent',
  }),
  EMAIL_FROM: textOr('Onboard <no-reply@onboard.example>', {
    default: '`Onboard <no-reply@onboard.example>`',
    description: 'the sender address of every e-mail',
  }),
  EMAIL_RETRY_BASE_SECONDS: whole(30, {
    description: 'a temporary refusal is tried again after up to this × 4ⁿ seconds (capped at 2 hours)',
  }),
  EMAIL_POLL_SECONDS: whole(5, { description: 'how often the delivery worker looks for e-mails due' }),
  EMAIL_DIGEST_HOUR: whole(
    7,
    { description: 'the hour (UTC) the daily digests and reminders go out' },
    0,
    23,
  ),
  EMAIL_RESEND_GRACE_SECONDS: whole(900, {
    description:
      'a worker that died between handing an e-mail to the server and recording the outcome sends it again (same Message-ID) only this long after',
  }),
  EMAIL_DAILY_JOB: flag({
    default: '`true`',
    description:
      '`false`: the workers send no task reminders, signing reminders or daily digests on their own',
  }),
  ONBOARD_KMS_KEY_ID: text({
    description:
      'the AWS KMS key that wraps the data keys sealing personal data (ARCHITECTURE.md, "Personal data"); unset: `ONBOARD_DATA_KEK`',
  }),
  AWS_REGION: textOr('us-east-1', { description: "the KMS key's region" }),
  ONBOARD_KMS_ENDPOINT: text({ description: 'a KMS-compatible endpoint instead of AWS’s own' }),
  ONBOARD_DATA_KEK: text({
    description:
      'the key-encryption key, 32 bytes in base64 (`openssl rand -base64 32`); unset: a key file in the embedded default, a key derived from `SESSION_SECRET` in the distributed topology',
  }),
  ONBOARD_DATA_KEK_FILE: text({
    default: '`data-kek.key` beside the data folder',
    description: 'the embedded default’s key-encryption key, made on first start (mode 0600)',
  }),
  ONBOARD_PERSONAL_DATA_RETENTION_DAYS: whole(90, {
    description:
      "a LIVE client's census files and personal data are erased this many days after it went LIVE",
  }),
  TASK_REMINDER_LEAD_DAYS: whole(3, {
    description:
      "a task's owner is reminded this many US working days (federal holidays as observed) before its due date, then on the day and past due weekly",
  }),
  TASK_ESCALATION_DAYS: whole(5, {
    description:
      "past due by more than this many working days, the client's implementation consultant is told (once per due date)",
  }),
});

export type Settings = z.infer<typeof SETTINGS>;

/** The settings of an environment, or an error naming each variable that is wrong and why. */
export function parseSettings(env: NodeJS.ProcessEnv): Settings {
  const parsed = SETTINGS.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `${name}: ${issue.message}`;
  });
  throw new Error(`Configuration: ${problems.join('; ')}`);
}

/** The README's table of variables, one row each, as Markdown. */
export function settingsTable(): string {
  const rows = Object.entries(SETTINGS.shape).map(([name, schema]) => {
    const meta = (schema as z.ZodType).meta() as Shown | undefined;
    return [`\`${name}\``, meta?.default ?? '—', meta?.description ?? ''];
  });
  const header = ['variable', 'default', 'what it does'];
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** The limit of each throttled call, from its ONBOARD_THROTTLE_* variable or its default. */
export function throttleLimits(settings: Settings): ThrottleLimits {
  const byName = settings as unknown as Record<string, Limit>;
  return Object.fromEntries(
    (Object.keys(DEFAULT_THROTTLE_LIMITS) as ThrottleScope[]).map((scope) => [
      scope,
      byName[throttleEnvName(scope)]!,
    ]),
  ) as ThrottleLimits;
}
