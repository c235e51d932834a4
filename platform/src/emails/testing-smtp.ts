import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { seededDatabase } from '@onboard/testing/db';
import { signedInDemoUsers, type DemoUser, type SeededApp } from '../testing/seeded-app.ts';

export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  messageId: string;
};

type Refusal = { code: number; message: string };

/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1: it keeps every message it
 * accepted, parsed. `refuse` decides per recipient whether to answer with an error instead (e.g. 550).
 * `onMailFrom` runs when a message's transaction starts, before it is accepted; `onReceived` once the
 * server has taken a whole message (kept in `received`) and before its 250 reply, which waits for it.
 */
export async function startTestSmtpServer(
  options: {
    refuse?: (address: string) => Refusal | null;
    onMailFrom?: (count: number) => void;
    onReceived?: (mail: ReceivedMail, count: number) => void | Promise<void>;
  } = {},
) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address: SMTPServerAddress, _session, callback) {
      options.onMailFrom?.(received.length);
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refusal = options.refuse?.(address.address) ?? null;
      if (refusal) {
        const error = new Error(refusal.message) as Error & { responseCode: number };
        error.responseCode = refusal.code;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            parsed,
            messageId: parsed.messageId ?? '',
          };
          received.push(mail);
          return options.onReceived?.(mail, received.length);
        })
        .then(() => {
          callback();
          for (const w of waiters.splice(0)) w();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client that dies mid-conversation (the SIGKILL test) resets its connection: expected, not a failure.
  const connectionErrors: Error[] = [];
  server.on('error', (error) => connectionErrors.push(error));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    connectionErrors,
    /** Resolves once `count` messages were accepted (or rejects after `timeoutMs`). */
    waitFor: async (count: number, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`The test SMTP server got ${received.length} of ${count} messages`);
        await new Promise<void>((done) => {
          const t = setTimeout(done, 200);
          waiters.push(() => {
            clearTimeout(t);
            done();
          });
        });
      }
      return received;
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
/** The addresses of a parsed To or Cc header. */
export const addressesOf = (field: ReceivedMail['parsed']['to']) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address!));

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;

/**
 * The app on the given database with its e-mail going to `smtp` (the outbox polled every 100 ms) and its
 * links on a public address, as the e-mail tests read them.
 */
export async function startAppSendingTo(smtp: TestSmtpServer, databaseUrl: string): Promise<RunningApp> {
  const base = embeddedTestConfig(databaseUrl, { webDist: null });
  return startApp({
    ...base,
    publicUrl: 'https://onboard.example.test',
    email: { ...base.email, smtpUrl: smtp.url, pollMs: 100 },
  });
}

export type MailingApp<U extends DemoUser> = SeededApp<U> & { smtp: TestSmtpServer };

/**
 * As `seededAppForTests`, with the app's e-mail going to a test SMTP server of its own (`smtp`), started
 * before the calling `describe`'s tests and stopped after them.
 */
export function mailingAppForTests<U extends DemoUser>(prefix: string, users: readonly U[]): MailingApp<U> {
  const running = {} as MailingApp<U>;
  beforeAll(async () => {
    running.smtp = await startTestSmtpServer();
    running.app = await startAppSendingTo(running.smtp, await seededDatabase(prefix));
    Object.assign(running, await signedInDemoUsers(running.app.url, users));
  });
  afterAll(async () => {
    await running.app?.stop();
    await running.smtp?.stop();
  });
  return running;
}
