import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff.ts';

describe('backoff', () => {
  const backoff = { baseMs: 100, maxMs: 5_000 };

  it('grows by the factor with each failure, up to the cap', () => {
    const ceilings = [0, 1, 2, 3, 10, 1_000].map((n) => backoffMs(n, backoff, () => 1));
    expect(ceilings).toEqual([100, 200, 400, 800, 5_000, 5_000]);
    expect(backoffMs(2, { baseMs: 30, maxMs: 10_000, factor: 4 }, () => 1)).toBe(480);
  });

  it('waits between half the ceiling and the ceiling', () => {
    expect(backoffMs(3, backoff, () => 0)).toBe(400);
    expect(backoffMs(3, backoff, () => 0.5)).toBe(600);
    for (let i = 0; i < 200; i++) {
      const wait = backoffMs(4, backoff);
      expect(wait).toBeGreaterThanOrEqual(800);
      expect(wait).toBeLessThanOrEqual(1_600);
    }
  });

  it('spreads replicas that failed together', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffMs(5, backoff)));
    expect(waits.size).toBeGreaterThan(10);
  });

  it('treats a negative count as none', () => {
    expect(backoffMs(-3, backoff, () => 1)).toBe(100);
  });
});
