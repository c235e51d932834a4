/**
 * The one backoff of every retry loop (the store's listener and readers, the runners, the buses): the
 * ceiling grows exponentially with each failure (`baseMs × factorⁿ`, capped at `maxMs`), and the wait is
 * drawn between half the ceiling and the ceiling ("equal jitter"), so replicas that failed together do not
 * retry together, and none retries sooner than half the ceiling.
 */
export type Backoff = { baseMs: number; maxMs: number; factor?: number };

export function backoffMs(failures: number, backoff: Backoff, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(failures, 64));
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * (backoff.factor ?? 2) ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The backoff between tries of a write that lost a race: short, so the caller barely waits. */
export const RACE_BACKOFF: Backoff = { baseMs: 5, maxMs: 200 };

export type RetryOptions = {
  /** The tries in all, the first included (at least one). */
  attempts: number;
  /** Whether a failure is worth another try; any other is thrown at once. */
  retryOn: (error: unknown) => boolean;
  backoff?: Backoff;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Runs `work` until it succeeds, a failure is not worth another try, or the tries are spent (the last
 * failure is thrown); between tries it waits the backoff of the failures so far.
 */
export async function withRetries<T>(
  work: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? wait;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt >= options.attempts || !options.retryOn(error)) throw error;
      await sleep(backoffMs(attempt - 1, options.backoff ?? RACE_BACKOFF, options.random));
    }
  }
}
