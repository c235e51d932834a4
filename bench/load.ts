// Latency under load for the benches: an open-loop request schedule and its percentiles.

/** The p-th percentile of times sorted ascending. */
export const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Open-loop load: requests start on schedule whatever the answers' latency, so queueing shows. */
export async function steady(urls: string[], cookie: string, seconds: number, rate: number) {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i += 1) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      (async () => {
        const t = performance.now();
        const res = await fetch(urls[i % urls.length]!, { headers: cookie ? { cookie } : {} });
        await res.arrayBuffer();
        if (res.status !== 200) errors += 1;
        times.push(performance.now() - t);
      })(),
    );
  }
  await Promise.all(inFlight);
  return { times: times.sort((a, b) => a - b), errors };
}
