import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { freePort } from '../database/embedded-postgres.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The owner a distributed server registers at its first start; its activation link is in the output. */
export const FIRST_OWNER_EMAIL = 'first.owner@carrier.example';

export type ServerProcess = { child: ChildProcess; url: string; output: () => string };

/**
 * Node with `args` from the repository root, as a separate process on a free port of 127.0.0.1, its output
 * kept. `env` (given the server's URL) is the environment besides PATH, HOST, PORT, WEB_DIST (none) and
 * LOG_LEVEL (warn).
 */
export async function spawnServer(
  args: string[],
  env: (url: string) => Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      ...env(url),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, url, output: () => output };
}

/**
 * A server started as the distributed topology starts it, on `databaseUrl`: a generated session secret,
 * its own URL as the public one, the first owner to register, the demo data seeded; `env` adds to that.
 */
export const spawnDistributedServer = (
  args: string[],
  databaseUrl: string,
  env: Record<string, string> = {},
) =>
  spawnServer(args, (url) => ({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(48).toString('base64'),
    PUBLIC_URL: url,
    ONBOARD_FIRST_OWNER_EMAIL: FIRST_OWNER_EMAIL,
    SEED_DEMO_DATA: 'true',
    ...env,
  }));

/** Waits for the line a started server prints; throws with its output if it exits or `timeoutMs` passes. */
export async function untilRunning({ child, output }: ServerProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!output().includes('Onboard is running')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`did not start (exit ${child.exitCode}):\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills a server still running (a test's clean-up). */
export async function killIfRunning(child: ChildProcess | undefined) {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
}
