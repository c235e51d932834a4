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
