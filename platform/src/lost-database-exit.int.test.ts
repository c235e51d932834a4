import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import {
  descendantsOf,
  isAlive,
  isStillRunning,
  postmasterPid,
  embeddedDataFolder,
} from './testing/embedded-app.ts';

/** The child's exit code, or null if it is still running after `ms`. */
const exitWithin = async (child: ChildProcess, ms: number) => {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  let timer: NodeJS.Timeout | undefined;
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const late = new Promise<'running'>((done) => (timer = setTimeout(() => done('running'), ms)));
  const result = await Promise.race([exited, late]);
  clearTimeout(timer);
  return result === 'running' ? null : result;
};

// A second `npm start` on the same data folder stops the first one's PostgreSQL and starts its own
// (platform/src/main.ts, the embedded launcher). The first app has lost its database for good: Ctrl-C
// must still end it promptly, say so, leave nothing running behind it, and leave the second one alone.
describe('Ctrl-C after the database is gone', () => {
  const folder = embeddedDataFolder('onboard-lost-db-', 'SIGKILL');
  const { dataDir } = folder;

  afterAll(() => folder.cleanUp());

  it('exits on SIGINT when another start took its PostgreSQL over, and leaves that one running', async () => {
    const first = await folder.start();
    const firstPostmaster = postmasterPid(dataDir)!;
    expect(isAlive(firstPostmaster)).toBe(true);

    const second = await folder.start();
    expect(second.output()).toContain(`Stopped the earlier PostgreSQL (pid ${firstPostmaster}) cleanly.`);
    const secondPostmaster = postmasterPid(dataDir)!;
    expect(secondPostmaster).not.toBe(firstPostmaster);
    // The first app keeps running without its database: its runners and pool retry meanwhile.
    expect(isAlive(first.child.pid!)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));

    const behind = descendantsOf(first.child.pid!);
    first.child.kill('SIGINT');
    // The app's own deadline is a few seconds; 10 s is far beyond it, so a miss is a hang, not slowness.
    const code = await exitWithin(first.child, 10_000);
    expect(code, `still running after 10 s:\n${first.output().slice(-4000)}`).not.toBeNull();
    expect(code, first.output().slice(-4000)).toBe(0);
    expect(first.output()).toContain('SIGINT: stopping...');
    expect(first.output()).toContain(
      'PostgreSQL had already stopped (another start on the same data folder takes a running one over).',
    );
    expect(first.output()).toContain('Stopped.');
    // Whatever ran under it ends with it (a helper may take a moment to notice its parent is gone).
    const deadline = Date.now() + 3000;
    while (behind.some(isStillRunning) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(behind.filter(isStillRunning)).toEqual([]);
    expect(isAlive(firstPostmaster)).toBe(false);

    // The second app's PostgreSQL was not the first one's to stop.
    expect(isAlive(secondPostmaster)).toBe(true);
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await exitWithin(second.child, 10_000), second.output()).toBe(0);
    expect(isAlive(secondPostmaster)).toBe(false);
  }, 240_000);
});
