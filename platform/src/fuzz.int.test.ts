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

/** The failures part of schemathesis' report, for the assertion message. */
const failures = (output: string) => output.slice(Math.max(0, output.indexOf('FAILURES'))).slice(0, 20_000);

type Operation = { method: string; path: string };

/**
 * The operations schemathesis could not run because Hypothesis failed while generating their cases (its
 * caches are shared by the two workers, and a race there surfaces as a "Runtime Error" naming
 * `hypothesis.errors`): nothing was asked of the API. Null when the report holds anything else (a failed
 * check, a network error, an error of another kind), so those always fail the run.
 */
function generationErrors(output: string): Operation[] | null {
  if (output.includes('= FAILURES =')) return null;
  const start = output.indexOf('= ERRORS =');
  if (start < 0) return null;
  const rest = output.slice(start + '= ERRORS ='.length);
  const end = rest.search(/^=+ /m);
  const entries = (end < 0 ? rest : rest.slice(0, end)).split(/^_+ (?=[A-Z]+ \/)/m).slice(1);
  if (entries.length === 0) return null;
  const operations: Operation[] = [];
  for (const entry of entries) {
    const heading = /^([A-Z]+) (\S+) _+\n(.*)\n/.exec(entry);
    if (!heading || heading[3] !== 'Runtime Error' || !entry.includes('hypothesis.errors.')) return null;
    operations.push({ method: heading[1]!, path: heading[2]! });
  }
  return operations;
}

/**
 * Runs the fuzzer; an operation Hypothesis failed to generate cases for (see generationErrors) is run
 * again alone with one worker, and must then pass like every other.
 */
async function fuzzAll(url: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const first = await fuzz(url, args);
  const again = first.code === 0 ? null : generationErrors(first.output);
  if (!again) return first;
  let output = first.output;
  for (const { method, path } of again) {
    const retry = await fuzz(url, [...args, '--include-path', path, '--workers', '1']);
    output += `\n--- ${method} ${path} again, one worker ---\n${retry.output}`;
    if (retry.code !== 0 || !retry.output.includes('Test cases:')) return { code: retry.code ?? 1, output };
  }
  return { code: 0, output };
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
    const { code, output } = await fuzzAll(app.url, []);
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
    const { code, output } = await fuzzAll(app.url, [
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
