import { describe, expect, it } from 'vitest';
import { backoffMs, withRetries } from './backoff.ts';

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

describe('withRetries', () => {
  const transient = new Error('transient');
  const fatal = new Error('fatal');
  const options = (slept: number[]) => ({
    attempts: 4,
    retryOn: (error: unknown) => error === transient,
    backoff: { baseMs: 10, maxMs: 1_000 },
    sleep: async (ms: number) => void slept.push(ms),
    random: () => 1,
  });

  it('tries again after a failure worth retrying, waiting the backoff between tries', async () => {
    const slept: number[] = [];
    let calls = 0;
    const answer = await withRetries(async (attempt) => {
      calls++;
      if (attempt < 3) throw transient;
      return `done on ${attempt}`;
    }, options(slept));
    expect(answer).toBe('done on 3');
    expect(calls).toBe(3);
    expect(slept).toEqual([10, 20]);
  });

  /** Retries of a task that always fails with `failure`: what it threw, how often it ran, the waits. */
  const alwaysFailing = async (failure: Error) => {
    const slept: number[] = [];
    let calls = 0;
    const thrown = await withRetries(async () => {
      calls++;
      throw failure;
    }, options(slept)).catch((error: unknown) => error);
    return { thrown, calls, slept };
  };

  it('throws the last failure once the tries are spent', async () => {
    const { thrown, calls, slept } = await alwaysFailing(transient);
    expect(thrown).toBe(transient);
    expect(calls).toBe(4);
    expect(slept).toHaveLength(3);
  });

  it('throws any other failure at once', async () => {
    const { thrown, calls, slept } = await alwaysFailing(fatal);
    expect(thrown).toBe(fatal);
    expect(calls).toBe(1);
    expect(slept).toEqual([]);
  });

  it('spreads the waits of callers that failed together', async () => {
    const slept: number[] = [];
    for (let i = 0; i < 30; i++)
      await withRetries(
        async (attempt) => {
          if (attempt === 1) throw transient;
        },
        { ...options(slept), backoff: { baseMs: 1_000, maxMs: 5_000 }, random: Math.random },
      );
    expect(new Set(slept).size).toBeGreaterThan(5);
    expect(Math.min(...slept)).toBeGreaterThanOrEqual(500);
  });
});
