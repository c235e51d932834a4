import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, postmasterPid, startEmbeddedApp } from './testing/embedded-app.ts';

// `npm run dev` / `npm start` in the embedded default: the app owns its PostgreSQL under a data folder.
// SIGKILL leaves that PostgreSQL running; the next start must stop it and come up, not refuse.
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
