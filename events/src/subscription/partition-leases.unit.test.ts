import type pg from 'pg';
import { describe, expect, it } from 'vitest';
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
  const noPool = () => ({}) as pg.Pool;

  it('refuses a timing that is not a positive whole number of milliseconds', () => {
    expect(() => partitionLeasesFor(noPool(), { tickMs: 0.5 })).toThrow(/positive whole milliseconds/);
    expect(() => partitionLeasesFor(noPool(), { ttlMs: 0 })).toThrow(/positive whole milliseconds/);
  });

  it('refuses leases that expire before they are renewed', () => {
    expect(() => partitionLeasesFor(noPool(), { tickMs: 500, ttlMs: 400 })).toThrow(
      /A lease must outlive a tick/,
    );
  });

  it('takes the defaults when none is given, and keeps the first timing a pool was given', () => {
    const pool = noPool();
    const first = partitionLeasesFor(pool, { tickMs: 100, ttlMs: 400 });
    expect(first.processId).toMatch(/^.+-\d+-[0-9a-f-]{36}$/);
    expect(partitionLeasesFor(pool)).toBe(first);
    expect(partitionLeasesFor(noPool()).processId).not.toBe(first.processId);
  });
});
