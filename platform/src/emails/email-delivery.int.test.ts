import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailStream, type NewEvent } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { sendPasswordReset } from '@onboard/command-api/auth';
import { migratedDatabase, seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { eventually } from '../testing/http-client.ts';
import { registeredUser } from '../testing/users.ts';
import { startTestSmtpServer, type TestSmtpServer } from './testing-smtp.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

type Row = {
  status: string;
  status_history: { status: string; eventAt: string; reason: string | null }[];
  last_error: string | null;
  attempts: number;
};
const emailRow = async (pool: pg.Pool, emailId: string) =>
  (
    await pool.query<Row>(
      'select status, status_history, last_error, attempts from rm_emails where id = $1',
      [emailId],
    )
  ).rows[0];

describe('the outbox delivers through SMTP', () => {
  let app: RunningApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({
      refuse: (address) =>
        address.startsWith('refused')
          ? { code: 550, message: 'No such mailbox here' }
          : address.startsWith('busy') && smtp.received.length < 100 && !busyOnce++
            ? { code: 451, message: 'Try again later' }
            : null,
    });
    const base = embeddedTestConfig(await seededDatabase('email'), { webDist: null });
    app = await startApp({
      ...base,
      publicUrl: 'https://onboard.example.test',
      email: {
        ...base.email,
        smtpUrl: smtp.url,
        from: 'Onboard <no-reply@onboard.example>',
        retryBaseMs: 400,
        pollMs: 100,
      },
    });
  });
  let busyOnce = 0;
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it('sends a password reset with its envelope, headers and a working link, and records it sent', async () => {
    const userId = `u-${randomUUID()}`;
    await registeredUser(
      app,
      { userId, firstName: 'Rosa', lastName: 'Mailer', email: 'rosa.mailer@example.com' },
      null,
    );
    const before = smtp.received.length;
    const { emailId } = await sendPasswordReset(app.identity.deps, userId);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelope).toEqual({ from: 'no-reply@onboard.example', to: ['rosa.mailer@example.com'] });
    expect(mail!.messageId).toBe(`<${emailId}@onboard.example>`);
    expect(mail!.parsed.subject).toBe('Reset your Onboard password');
    expect(mail!.parsed.from?.value).toEqual([{ name: 'Onboard', address: 'no-reply@onboard.example' }]);
    const link = /https:\/\/onboard\.example\.test\/reset\?token=[\w-]+/.exec(mail!.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The link's token is live: the reset page's check accepts it.
    const token = new URL(link!).searchParams.get('token')!;
    const check = await fetch(`${app.url}/api/users/auth-token/${encodeURIComponent(token)}`);
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({ email: 'rosa.mailer@example.com', purpose: 'RESET_PASSWORD' });
    const row = await eventually(async () => {
      const r = await emailRow(app.pool, emailId);
      expect(r?.status).toBe('SENT');
      return r!;
    });
    expect(row.status_history.map((h) => h.status)).toEqual(['QUEUED', 'SENT']);
    expect(row.status_history.every((h) => !Number.isNaN(Date.parse(h.eventAt)))).toBe(true);

    // The HTML part (MJML) carries the same link as a button, and the open pixel records the e-mail opened.
    const html = String(mail!.parsed.html);
    expect(html).toContain(link!);
    expect(html).toContain('Choose a new password');
    const pixel = /https:\/\/onboard\.example\.test(\/api\/emails\/[\w-]+\/open\.gif)/.exec(html)?.[1];
    expect(pixel).toBe(`/api/emails/${emailId}/open.gif`);
    const image = await fetch(`${app.url}${pixel}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
    await eventually(async () => {
      const r = await emailRow(app.pool, emailId);
      expect(r?.status_history.map((h) => h.status)).toEqual(['QUEUED', 'SENT', 'OPENED']);
    });
    // A second load, or an unknown e-mail, changes nothing.
    await fetch(`${app.url}${pixel}`);
    expect((await fetch(`${app.url}/api/emails/unknown/open.gif`)).status).toBe(200);
    expect((await app.store.readStream(`email-${emailId}`)).map((e) => e.type)).toEqual([
      'EmailQueued',
      'EmailSendAttempted',
      'EmailSent',
      'EmailOpened',
    ]);
  });

  it('marks a permanent refusal (5xx) failed with the reason and never tries again', async () => {
    const { emailId } = await app.identity.deps.emailSender.send({
      to: ['refused@example.com'],
      subject: 'Nobody home',
      body: 'text',
      link: null,
      clientId: null,
      actor: { userId: 'system', role: 'SYSTEM' },
    });
    const row = await eventually(async () => {
      const r = await emailRow(app.pool, emailId);
      expect(r?.status).toBe('FAILED');
      return r!;
    });
    expect(row.last_error).toMatch(/No such mailbox here/);
    expect(row.attempts).toBe(1);
    expect(row.status_history.at(-1)).toMatchObject({ status: 'FAILED' });
    expect(smtp.received.some((m) => m.envelope.to.includes('refused@example.com'))).toBe(false);
  });

  it('retries a temporary refusal (4xx) with backoff and then sends', async () => {
    const before = smtp.received.length;
    const { emailId } = await app.identity.deps.emailSender.send({
      to: ['busy@example.com'],
      subject: 'Second time lucky',
      body: 'text',
      link: null,
      clientId: null,
      actor: { userId: 'system', role: 'SYSTEM' },
    });
    await smtp.waitFor(before + 1);
    const row = await eventually(async () => {
      const r = await emailRow(app.pool, emailId);
      expect(r?.status).toBe('SENT');
      return r!;
    });
    expect(row.status_history.map((h) => h.status)).toEqual(['QUEUED', 'QUEUED', 'SENT']);
    expect(row.status_history[1]!.reason).toMatch(/Try again later/);
    const gap = Date.parse(row.status_history[2]!.eventAt) - Date.parse(row.status_history[1]!.eventAt);
    expect(gap).toBeGreaterThanOrEqual(200);
  });
});

describe('a worker killed in the middle of a batch', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('neither loses nor repeats an e-mail (counted at the SMTP server)', async () => {
    const databaseUrl = await migratedDatabase('emailkill');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const store = createPostgresEventStore({ pool, connectionString: databaseUrl });
    const TOTAL = 12;
    let worker: ChildProcess | null = null;
    let killed = false;
    // The sixth message's transaction starts: the worker is mid-batch, with five sent and recorded.
    const smtp = await startTestSmtpServer({
      onMailFrom: (count) => {
        if (count === 5 && !killed && worker) {
          killed = true;
          worker.kill('SIGKILL');
        }
      },
    });
    const ids = Array.from({ length: TOTAL }, () => randomUUID());
    for (const [i, emailId] of ids.entries()) {
      const event: NewEvent = {
        id: randomUUID(),
        type: 'EmailQueued',
        data: {
          emailId,
          kind: 'OTHER',
          to: [`person${i}@example.com`],
          subject: `Message ${i}`,
          body: `Body ${i}`,
        },
        metadata: {
          actorId: 'system',
          actorRole: 'SYSTEM',
          occurredAt: new Date().toISOString(),
          correlationId: emailId,
        },
      };
      await store.append(emailStream(emailId), [event], 'no_stream');
    }
    const startWorker = () => {
      // node itself (not the tsx launcher), so the signal reaches the process that sends.
      const child = spawn(process.execPath, ['--import', 'tsx', 'platform/src/main.ts'], {
        cwd: ROOT,
        env: workerEnv({
          DATABASE_URL: databaseUrl,
          SMTP_URL: smtp.url,
          // The sixth e-mail's attempt was recorded before the kill: it goes again after this grace.
          EMAIL_RESEND_GRACE_SECONDS: '1',
        }),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    };
    try {
      worker = startWorker();
      await eventually(async () => expect(killed).toBe(true), 60_000);
      await new Promise<void>((done) =>
        worker!.exitCode !== null || worker!.signalCode ? done() : worker!.once('exit', () => done()),
      );
      expect(smtp.received.length).toBe(5);
      worker = startWorker();
      await smtp.waitFor(TOTAL, 60_000);
      await eventually(async () => {
        const { rows } = await pool.query<{ n: number }>(
          "select count(*)::int as n from rm_emails where status = 'SENT'",
        );
        expect(rows[0]!.n).toBe(TOTAL);
      }, 30_000);
      const messageIds = smtp.received.map((m) => m.messageId);
      expect(messageIds).toHaveLength(TOTAL);
      expect(new Set(messageIds).size).toBe(TOTAL);
      expect(new Set(smtp.received.map((m) => m.envelope.to[0]))).toEqual(
        new Set(ids.map((_, i) => `person${i}@example.com`)),
      );
    } finally {
      worker?.kill('SIGTERM');
      await smtp.stop();
      await store.close();
      await pool.end();
    }
  }, 120_000);
});

/** The environment of a delivery worker as its own process (the distributed topology's `workers` service). */
const workerEnv = (env: Record<string, string>) => ({
  ...process.env,
  SERVICES: 'projections,workers',
  EMAIL_POLL_SECONDS: '1',
  // The distributed topology refuses a secret that is not generated, and starts only with PUBLIC_URL.
  SESSION_SECRET: randomUUID() + randomUUID(),
  PUBLIC_URL: 'https://onboard.carrier.example',
  PORT: '0',
  HOST: '127.0.0.1',
  WEB_DIST: '',
  LOG_LEVEL: 'warn',
  ...env,
});

/** A delivery worker as its own process, once it is up. */
async function startWorkerProcess(env: Record<string, string>) {
  // node itself (not the tsx launcher), so the signal reaches the process that sends.
  const child = spawn(process.execPath, ['--import', 'tsx', 'platform/src/main.ts'], {
    cwd: ROOT,
    env: workerEnv(env),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Onboard is running')) done();
    });
    child.once('exit', (code) => fail(new Error(`The worker exited (${code}) before it was up: ${output}`)));
  });
  const exited = new Promise<void>((done) =>
    child.exitCode !== null || child.signalCode ? done() : child.once('exit', () => done()),
  );
  return { child, exited };
}

describe('a worker killed after the server took an e-mail and before the send was recorded', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });

  it('sends it again once, only after the grace, with the same Message-ID', async () => {
    const GRACE_MS = 6_000;
    const databaseUrl = await migratedDatabase('emailgrace');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const store = createPostgresEventStore({ pool, connectionString: databaseUrl });
    let sender: ChildProcess | null = null;
    let killedAt = 0;
    const acceptedAt: number[] = [];
    // The server has taken the whole first message (it is delivered) and the worker that sent it dies
    // before it can record the send: the 250 goes out to a closed connection.
    const smtp = await startTestSmtpServer({
      onReceived: async (_mail, count) => {
        acceptedAt.push(Date.now());
        if (count === 1 && sender) {
          const dead = once(sender, 'exit');
          sender.kill('SIGKILL');
          killedAt = Date.now();
          await dead;
        }
      },
    });
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      EMAIL_RESEND_GRACE_SECONDS: String(GRACE_MS / 1000),
    };
    try {
      // The first worker holds the delivery lock; the second stands by and takes over when it dies.
      const first = await startWorkerProcess(env);
      children.push(first.child);
      sender = first.child;
      // The delivery lock (platform/src/emails/delivery.ts) is the first's before the standby starts.
      await eventually(async () => {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
            where l.locktype = 'advisory' and l.objid = 7214003 and l.granted and d.datname = current_database()`,
        );
        expect(rows[0]!.n).toBe(1);
      }, 30_000);
      const standby = await startWorkerProcess(env);
      children.push(standby.child);

      const emailId = randomUUID();
      await store.append(
        emailStream(emailId),
        [
          {
            id: randomUUID(),
            type: 'EmailQueued',
            data: { emailId, kind: 'OTHER', to: ['once@example.com'], subject: 'Just once', body: 'Body' },
            metadata: {
              actorId: 'system',
              actorRole: 'SYSTEM',
              occurredAt: new Date().toISOString(),
              correlationId: emailId,
            },
          },
        ],
        'no_stream',
      );
      await eventually(async () => expect(killedAt).toBeGreaterThan(0), 60_000);
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');
      // Killed in the window: the server has the message, the stream has no send.
      expect(smtp.received).toHaveLength(1);
      const afterKill = await store.readStream(emailStream(emailId));
      expect(afterKill.map((e) => e.type)).not.toContain('EmailSent');

      // No second delivery within the grace (from the attempt's start, or the kill where none was
      // recorded), though the standby took the lock at once.
      const attempt = afterKill.find((e) => e.type === 'EmailSendAttempted');
      const graceFrom = attempt ? Date.parse(attempt.metadata.occurredAt) : killedAt;
      await new Promise((done) => setTimeout(done, graceFrom + GRACE_MS - 500 - Date.now()));
      expect(smtp.received, 'a second delivery within the grace').toHaveLength(1);

      // After it: one resend, the same Message-ID, recorded sent.
      await smtp.waitFor(2, 30_000);
      const messageId = `<${emailId}@onboard.example>`;
      expect(smtp.received.map((m) => m.messageId)).toEqual([messageId, messageId]);
      const attempts = (await store.readStream(emailStream(emailId))).filter(
        (e) => e.type === 'EmailSendAttempted',
      );
      expect(attempts.length).toBeGreaterThanOrEqual(1);
      expect(acceptedAt[1]!).toBeGreaterThanOrEqual(Date.parse(attempts[0]!.metadata.occurredAt) + GRACE_MS);
      const row = await eventually(async () => {
        const r = await emailRow(pool, emailId);
        expect(r?.status).toBe('SENT');
        return r!;
      }, 30_000);
      expect(row.attempts).toBe(2);
      expect(row.status_history.map((h) => h.status)).toEqual(['QUEUED', 'QUEUED', 'SENT']);
      expect(row.status_history[1]!.reason).toMatch(/Attempt 1 was interrupted .* same Message-ID/);
      expect((await store.readStream(emailStream(emailId))).map((e) => e.type)).toEqual([
        'EmailQueued',
        'EmailSendAttempted',
        'EmailSendAttempted',
        'EmailSent',
      ]);

      // At most one resend: a further grace brings nothing.
      await new Promise((done) => setTimeout(done, GRACE_MS + 1_000));
      expect(smtp.received).toHaveLength(2);
      standby.child.kill('SIGTERM');
      await standby.exited;
    } finally {
      await smtp.stop();
      await store.close();
      await pool.end();
    }
  }, 180_000);
});
