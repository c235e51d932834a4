import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@onboard/testing/db';
import { freePort } from './database/embedded-postgres.ts';
import { activateFirstOwner } from './testing/first-owner.ts';

// `npm start` runs node on the bundle in platform/dist, with no TypeScript loader: build it the way
// `npm run build:server` does, start it as a separate process, and use it.
const ROOT = resolve(import.meta.dirname, '../..');

describe('the compiled server', () => {
  let server: ReturnType<typeof spawn>;
  let baseUrl: string;
  let output = '';

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // As the distributed topology does: the compiled `migrate` CLI first (it finds the migrations copied
    // beside the bundle), then the server, which only checks that the database matches its release.
    const databaseUrl = await freshDatabase('compiled');
    const migrated = execFileSync(process.execPath, ['platform/dist/cli/migrate.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    expect(migrated).toContain('events: applied 0001_baseline');
    server = spawn(process.execPath, ['platform/dist/main.js'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: randomBytes(48).toString('base64'),
        PUBLIC_URL: baseUrl,
        ONBOARD_FIRST_OWNER_EMAIL: 'first.owner@carrier.example',
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST: '',
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    while (!output.includes('Onboard is running')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await once(server, 'exit');
    }
  });

  it('serves the API from the bundle alone: health, the document and the first owner’s sign-in', async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', eventStore: expect.any(String) });

    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(document.paths)).toContain('/api/clients/{clientId}/eif/sign');

    // No demo user in the distributed topology: the first owner, from the link printed once.
    expect(await activateFirstOwner(output, 'Correct-Horse-42!')).toMatch(`${baseUrl}/activate?token=`);
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = /onboard_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
      body: JSON.stringify({ username: 'first.owner@carrier.example', password: 'Correct-Horse-42!' }),
    });
    // argon2 (a native module) checked the password: the next step is the second factor.
    expect(await signIn.json()).toMatchObject({ status: 'MFA_ENROLL' });
  });

  it('stops on SIGTERM with exit code 0', async () => {
    server.kill('SIGTERM');
    const [code] = await once(server, 'exit');
    expect(code, output).toBe(0);
  });
});
