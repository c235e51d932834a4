// The throttle against the attacks it is for (`npx tsx bench/throttle.ts`): 70 wrong sign-ins in a row,
// 60 support conversations as fast as they go, and the public Explorer page read by 8 clients for 10 s,
// alone, beside 8 clients looping on a 404 (what any flood costs), and while 8 password guessers run from
// one address (once that address is over its limit).
import { startApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_EXPLORER_PAGE_ID, DEMO_EXPLORER_SLUG, DEMO_USERS } from '@onboard/platform/seed';
import { runStandalone } from './standalone.ts';
import { pct } from './load.ts';

const SECONDS = Number(process.env.BENCH_THROTTLE_SECONDS ?? 10);
const READERS = 8;
const GUESSERS = 8;

/** A cookie jar of one: the CSRF cookie and its header, which every write needs. */
async function csrfHeaders(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/csrf`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const token = cookie.find((c) => c.startsWith('onboard_csrf='))!.split('=')[1]!;
  return { 'content-type': 'application/json', cookie: cookie.join('; '), 'x-csrf-token': token };
}

/** Closed loop: READERS clients each read the page again as soon as it answers. */
async function readLoad(url: string, seconds: number) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await (await fetch(url)).arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p50: pct(times, 50), p99: pct(times, 99) };
}

export async function benchThrottle(databaseUrl: string) {
  const app = await startApp(embeddedTestConfig(databaseUrl, { logLevel: 'error', webDist: null }), {
    printEmail: () => undefined,
  });
  try {
    const page = `${app.url}/api/explorer-pages/${DEMO_EXPLORER_SLUG}`;
    for (let i = 0; i < 200 && (await fetch(page)).status !== 200; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    const headers = await csrfHeaders(app.url);
    const owner = DEMO_USERS.find((u) => u.role === 'SLF_OWNER')!.email;

    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await fetch(`${app.url}/api/auth/sign-in`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: owner, password: `Wrong-Password-${i}!` }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      if (res.status === 429 && statuses.indexOf(429) === i)
        console.log(`      first 429 (Retry-After ${res.headers.get('retry-after')} s)`);
    }
    const count = (list: number[], status: number) => list.filter((s) => s === status).length;
    console.log(
      `70 wrong sign-ins of one account: ${count(statuses, 401)} × 401, ${count(statuses, 429)} × 429 (first at try ${statuses.indexOf(429) + 1})`,
    );

    const started = performance.now();
    const chats = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const res = await fetch(
          `${app.url}/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/support/conversations`,
          {
            method: 'POST',
            headers,
            body: '{}',
          },
        );
        await res.arrayBuffer();
        return res.status;
      }),
    );
    console.log(
      `60 support conversations at once: ${count(chats, 201)} × 201, ${count(chats, 429)} × 429 in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );

    await readLoad(page, 2); // warm-up
    const alone = await readLoad(page, SECONDS);
    // What any 8 clients asking as fast as they can cost, whatever they ask: the same loop on a 404.
    let stopFlood = false;
    const flooders = Array.from({ length: GUESSERS }, async () => {
      while (!stopFlood) await (await fetch(`${app.url}/api/no-such-route`)).arrayBuffer();
    });
    const beside404s = await readLoad(page, SECONDS);
    stopFlood = true;
    await Promise.all(flooders);
    let guesses = 0;
    let stop = false;
    const guessStatuses: number[] = [];
    const throttledGuessers = new Set<number>();
    const guessers = Array.from({ length: GUESSERS }, async (_, g) => {
      while (!stop) {
        const res = await fetch(`${app.url}/api/auth/sign-in`, {
          method: 'POST',
          // From a fresh address of their own (the server trusts its loopback proxy's X-Forwarded-For).
          headers: { ...headers, 'x-forwarded-for': '198.51.100.99' },
          body: JSON.stringify({ username: `guess${g}.${guesses}@example.com`, password: 'Guess-123456!' }),
        });
        await res.arrayBuffer();
        guesses += 1;
        guessStatuses.push(res.status);
        if (res.status === 429) throttledGuessers.add(g);
      }
    });
    // Until the guessers' address reaches its limit, each guess costs an argon2 verify; after it, none.
    const attackStarted = performance.now();
    // Every guesser refused once: no argon2 verify is still running.
    while (throttledGuessers.size < GUESSERS) await new Promise((r) => setTimeout(r, 50));
    console.log(
      `      the guessers' address was refused to every guesser after ${guessStatuses.length} guesses, ${((performance.now() - attackStarted) / 1000).toFixed(1)} s`,
    );
    const underAttack = await readLoad(page, SECONDS);
    stop = true;
    await Promise.all(guessers);
    const line = (name: string, r: typeof alone) =>
      `${name}: ${r.perSecond.toFixed(0)} reads/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
    console.log(line(`Explorer page, ${READERS} readers alone`, alone));
    console.log(
      line(`Explorer page, ${READERS} readers beside ${GUESSERS} clients looping on a 404`, beside404s),
    );
    console.log(
      `${line(`Explorer page, ${READERS} readers beside ${GUESSERS} guessers`, underAttack)} (${guesses} guesses: ${count(guessStatuses, 401)} × 401, ${count(guessStatuses, 429)} × 429)`,
    );
    console.log(
      `      beside the guessers against alone: throughput ${((underAttack.perSecond / alone.perSecond - 1) * 100).toFixed(0)} %, p99 × ${(underAttack.p99 / alone.p99).toFixed(2)}; against the 404 loop: throughput ${((underAttack.perSecond / beside404s.perSecond - 1) * 100).toFixed(0)} %, p99 × ${(underAttack.p99 / beside404s.p99).toFixed(2)}`,
    );
  } finally {
    await app.stop();
  }
}

runStandalone(import.meta.url, 'bench_throttle', benchThrottle);
