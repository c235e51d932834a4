import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './database/embedded-postgres.ts';

// `npm run dev` / `npm start` in the embedded default: the app owns its PostgreSQL under a data folder.
// SIGKILL leaves that PostgreSQL running; the next start must stop it and come up, not refuse.
const ROOT = resolve(import.meta.dirname, '../..');

type Started = { child: ChildProcess; output: () => string; url: string };

async function startEmbeddedApp(dataDir: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'platform/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ONBOARD_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Onboard is running')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`did not start (exit ${child.exitCode}):\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, url: `http://127.0.0.1:${port}` };
}

const postmasterPid = (dataDir: string) =>
  existsSync(join(dataDir, 'postmaster.pid'))
    ? Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    : null;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('restart after a hard crash', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-crash-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'pg');
  const children: ChildProcess[] = [];

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    // Whatever is left on the folder goes with it.
    const pid = postmasterPid(dataDir);
    if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the PostgreSQL a SIGKILLed run left behind, starts, and answers /api/health', async () => {
    const first = await startEmbeddedApp(dataDir);
    children.push(first.child);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const orphan = postmasterPid(dataDir);
    expect(orphan).toBeGreaterThan(0);

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    // The crash leaves the postmaster running on the folder.
    expect(isAlive(orphan!)).toBe(true);

    const second = await startEmbeddedApp(dataDir);
    children.push(second.child);
    expect(second.output()).toContain(
      `PostgreSQL from an earlier run (pid ${orphan}) is still running on ${dataDir}: stopping it cleanly`,
    );
    expect(second.output()).toContain(`Stopped the earlier PostgreSQL (pid ${orphan}) cleanly.`);
    expect(isAlive(orphan!)).toBe(false);
    // One postmaster on the folder: the new one.
    const current = postmasterPid(dataDir);
    expect(current).not.toBe(orphan);
    expect(isAlive(current!)).toBe(true);
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    second.child.kill('SIGTERM');
    const [code] = await once(second.child, 'exit');
    expect(code, second.output()).toBe(0);
    expect(isAlive(current!)).toBe(false);
  }, 240_000);
});
