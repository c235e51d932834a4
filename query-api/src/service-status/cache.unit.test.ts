import { describe, expect, it } from 'vitest';
import { cachedStatus, SERVICE_STATUS_TTL_MS } from './cache.ts';

/** A port whose answers the test sets, counting how often it is asked. */
function fakePort(answer: () => Promise<boolean>) {
  const port = { calls: 0, isUp: () => (port.calls++, answer()) };
  return port;
}

describe('the cached service status', () => {
  it('asks the port once per 5 minutes', async () => {
    let clock = 0;
    let up = false;
    const port = fakePort(async () => up);
    const status = cachedStatus(port, { now: () => clock });
    expect(await status.isUp()).toBe(false);
    up = true;
    clock = SERVICE_STATUS_TTL_MS - 1;
    expect(await status.isUp()).toBe(false);
    expect(port.calls).toBe(1);
    clock = SERVICE_STATUS_TTL_MS;
    expect(await status.isUp()).toBe(true);
    expect(port.calls).toBe(2);
  });

  it('shares one probe between callers arriving while it runs', async () => {
    let release: (up: boolean) => void = () => {};
    const port = fakePort(() => new Promise<boolean>((done) => (release = done)));
    const status = cachedStatus(port);
    const both = Promise.all([status.isUp(), status.isUp()]);
    release(true);
    expect(await both).toEqual([true, true]);
    expect(port.calls).toBe(1);
  });

  it('asks again after clear, and does not remember a failed read', async () => {
    let fail = true;
    const port = fakePort(async () => {
      if (fail) throw new Error('database down');
      return true;
    });
    const status = cachedStatus(port, { ttlMs: 60_000 });
    await expect(status.isUp()).rejects.toThrow('database down');
    fail = false;
    expect(await status.isUp()).toBe(true);
    status.clear();
    expect(await status.isUp()).toBe(true);
    expect(port.calls).toBe(3);
  });

  it('answers a remembered value without asking, until the time is up', async () => {
    let clock = 0;
    const port = fakePort(async () => true);
    const status = cachedStatus(port, { ttlMs: 1000, now: () => clock });
    expect(await status.isUp()).toBe(true);
    status.remember(false);
    expect(await status.isUp()).toBe(false);
    expect(port.calls).toBe(1);
    clock = 1000;
    expect(await status.isUp()).toBe(true);
    expect(port.calls).toBe(2);
  });
});
