import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partitionKeyOf, partitionOfStream } from '../catalogue/partition-key.ts';
import { partitionLeasesFor, shareOf } from './partition-leases.ts';

describe('the partitions a process should hold', () => {
  const processes = ['p-a', 'p-b', 'p-c'];

  it('given one live process, it holds every partition', () => {
    expect([...shareOf('client-view', 16, 'p-a', [])]).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });

  it('given three processes, each partition goes to exactly one, each holding its share to within one', () => {
    for (const name of ['client-view', 'change-log', 'users']) {
      const shares = processes.map((p) => shareOf(name, 16, p, processes));
      const all = shares.flatMap((share) => [...share]).sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: 16 }, (_, i) => i));
      expect(shares.map((share) => share.size).sort()).toEqual([5, 5, 6]);
    }
  });

  it('given runners of one partition, the processes take different ones', () => {
    const names = Array.from({ length: 12 }, (_, i) => `runner-${i}`);
    const held = processes.map((p) => names.filter((name) => shareOf(name, 1, p, processes).has(0)).length);
    expect(held.reduce((a, b) => a + b)).toBe(names.length);
    expect(Math.min(...held)).toBeGreaterThan(0);
  });

  it('every process computes the same split, whatever order it saw the others in', () => {
    const a = shareOf('client-view', 16, 'p-a', ['p-c', 'p-b']);
    const again = shareOf('client-view', 16, 'p-a', ['p-b', 'p-c', 'p-a']);
    expect(a).toEqual(again);
  });
});

describe('the partition of a stream', () => {
  it("puts a client's own streams in one partition", () => {
    expect(partitionKeyOf('eif-acme-corp')).toBe('acme-corp');
    expect(partitionKeyOf('email-rules-acme-corp')).toBe('acme-corp');
    expect(partitionKeyOf('signatures-acme-corp')).toBe('acme-corp');
    expect(partitionKeyOf('personal-data-access-acme-corp')).toBe('acme-corp');
    expect(partitionKeyOf('personal-data-acme-corp')).toBe('acme-corp');
    const streams = ['eif', 'client', 'documents', 'resources', 'tasks', 'data-feed', 'email-rules'].map(
      (kind) => `${kind}-acme-corp`,
    );
    expect(new Set(streams.map((s) => partitionOfStream(s, 16))).size).toBe(1);
  });

  it('keys any other stream by its own name, within the partitions', () => {
    expect(partitionKeyOf('user-7')).toBe('user-7');
    expect(partitionKeyOf('email-42')).toBe('email-42');
    const spread = new Set(Array.from({ length: 200 }, (_, i) => partitionOfStream(`eif-client-${i}`, 16)));
    expect(spread.size).toBe(16);
    expect(partitionOfStream('eif-anything', 1)).toBe(0);
  });
});

describe('the lease timings', () => {
  afterEach(() => vi.unstubAllEnvs());
  const noPool = () => ({}) as pg.Pool;

  it('refuses a timing that is not a positive whole number of milliseconds', () => {
    vi.stubEnv('RUNNER_LEASE_TICK_MS', 'soon');
    expect(() => partitionLeasesFor(noPool())).toThrow(/RUNNER_LEASE_TICK_MS: a positive whole number/);
    vi.stubEnv('RUNNER_LEASE_TICK_MS', '0');
    expect(() => partitionLeasesFor(noPool())).toThrow(/RUNNER_LEASE_TICK_MS/);
  });

  it('refuses leases that expire before they are renewed', () => {
    vi.stubEnv('RUNNER_LEASE_TICK_MS', '500');
    vi.stubEnv('RUNNER_LEASE_TTL_MS', '400');
    expect(() => partitionLeasesFor(noPool())).toThrow(/A lease must outlive a tick/);
  });

  it('takes the defaults when unset', () => {
    expect(partitionLeasesFor(noPool()).processId).toMatch(/^.+-\d+-[0-9a-f-]{36}$/);
  });
});
