import { execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipUnless, type Availability } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { apiClient } from './testing/http-client.ts';

// schemathesis (PyPI) over the running app's OpenAPI document, anonymous and signed in as staff: any 5xx
// or an answer that breaks its documented schema fails (scripts/fuzz.sh). Bounded in time per run.
const ROOT = resolve(import.meta.dirname, '../..');

/** schemathesis runs on python3 (scripts/fuzz.sh installs it into a virtual environment under .tmp). */
function pythonAvailability(): Availability {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return { available: true };
  } catch {
    return { available: false, reason: 'no python3 on PATH (apt-get install -y python3 python3-venv)' };
  }
}
const skip = skipUnless('python3 for schemathesis', pythonAvailability());

/** Runs scripts/fuzz.sh against the app; answers its exit code and output. */
function fuzz(url: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['scripts/fuzz.sh', url, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

/**
 * What schemathesis reported wrong, for the assertion message: its failures and errors, each shortened to
 * its first lines (a Python traceback runs to thousands), so every one of them shows.
 */
function failures(output: string): string {
  const start = output.search(/^=+ (FAILURES|ERRORS) =+$/m);
  if (start < 0) return output.slice(-5_000);
  return output
    .slice(start)
    .split(/^(?=_{3,} [A-Z]+ \/)/m)
    .map((entry) => entry.split('\n').slice(0, 25).join('\n'))
    .join('\n')
    .slice(0, 20_000);
}

describe.skipIf(skip)('fuzzing the API with schemathesis', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(
      embeddedTestConfig(await seededDatabase('fuzz'), {
        webDist: null,
        seedDemoData: true,
        logLevel: 'fatal',
      }),
      // The fuzzer asks for resets and activations by the hundred: their console lines stay quiet.
      { printEmail: () => undefined },
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('finds no server error and no schema violation, anonymous', async () => {
    const { code, output } = await fuzz(app.url, []);
    expect(output).toContain('Test cases:');
    expect(code, failures(output)).toBe(0);
  }, 600_000);

  it('finds no server error and no schema violation, signed in as staff', async () => {
    const staff = apiClient(app.url);
    await staff.signIn('owner@onboard.example');
    // The access and CSRF cookies only, and no sign-out: the fuzzer must not end its own session.
    const cookie = ['onboard_access', 'onboard_csrf']
      .map((name) => `${name}=${staff.cookies.get(name)}`)
      .join('; ');
    const { code, output } = await fuzz(app.url, [
      '-H',
      `Cookie: ${cookie}`,
      '-H',
      `x-csrf-token: ${staff.cookies.get('onboard_csrf')}`,
      '--exclude-path-regex',
      // A long-lived event stream has nothing to fuzz, and its events are described in words.
      '^/api/(auth/refresh|users/authenticated/logout|events/stream)$',
    ]);
    expect(output).toContain('Test cases:');
    expect(code, failures(output)).toBe(0);
    // It stayed signed in throughout (what it tried was tried as staff).
    expect((await staff.get('/api/users/authenticated')).body).toMatchObject({ role: 'SLF_OWNER' });
  }, 600_000);
});
