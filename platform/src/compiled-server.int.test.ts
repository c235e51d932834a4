import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@onboard/testing/db';
import { activateFirstOwner } from './testing/first-owner.ts';
import {
  FIRST_OWNER_EMAIL,
  killIfRunning,
  spawnDistributedServer,
  untilRunning,
  type ServerProcess,
} from './testing/server-process.ts';

// `npm start` runs node on the bundle in platform/dist, with no TypeScript loader: build it the way
// `npm run build:server` does, start it as a separate process, and use it.
const ROOT = resolve(import.meta.dirname, '../..');

describe('the compiled server', () => {
  let server: ServerProcess | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    // As the distributed topology does: the compiled `migrate` CLI first (it finds the migrations copied
    // beside the bundle), then the server, which only checks that the database matches its release.
    const databaseUrl = await freshDatabase('compiled');
    const migrated = execFileSync(process.execPath, ['platform/dist/cli/migrate.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    expect(migrated).toContain('events: applied 0001_baseline');
    server = await spawnDistributedServer(['platform/dist/main.js'], databaseUrl);
    baseUrl = server.url;
    await untilRunning(server, 60_000);
  });

  afterAll(() => killIfRunning(server?.child));

  it('serves the API from the bundle alone: health, the document and the first owner’s sign-in', async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', eventStore: expect.any(String) });

    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(document.paths)).toContain('/api/clients/{clientId}/eif/sign');

    // No demo user in the distributed topology: the first owner, from the link printed once.
    expect(await activateFirstOwner(server!.output(), 'Correct-Horse-42!')).toMatch(
      `${baseUrl}/activate?token=`,
    );
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = /onboard_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
      body: JSON.stringify({ username: FIRST_OWNER_EMAIL, password: 'Correct-Horse-42!' }),
    });
    // argon2 (a native module) checked the password: the next step is the second factor.
    expect(await signIn.json()).toMatchObject({ status: 'MFA_ENROLL' });
  });

  it('stops on SIGTERM with exit code 0', async () => {
    server!.child.kill('SIGTERM');
    const [code] = await once(server!.child, 'exit');
    expect(code, server!.output()).toBe(0);
  });
});
