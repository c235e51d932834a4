import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDataFolder, isAlive, postmasterPid } from './testing/embedded-app.ts';

// `npm run dev` / `npm start` in the embedded default: the app owns its PostgreSQL under a data folder.
// SIGKILL leaves that PostgreSQL running; the next start must stop it and come up, not refuse.
describe('restart after a hard crash', () => {
  const folder = embeddedDataFolder('onboard-crash-', 'SIGTERM');
  const { dataDir } = folder;

  afterAll(() => folder.cleanUp());

  it('stops the PostgreSQL a SIGKILLed run left behind, starts, and answers /api/health', async () => {
    const first = await folder.start();
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const orphan = postmasterPid(dataDir);
    expect(orphan).toBeGreaterThan(0);

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    // The crash leaves the postmaster running on the folder.
    expect(isAlive(orphan!)).toBe(true);

    const second = await folder.start();
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
