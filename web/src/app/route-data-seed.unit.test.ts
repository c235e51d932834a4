import { mutate, preload } from 'swr';
import { describe, expect, it } from 'vitest';
import { startReads } from './route-data.ts';

// swr preloads only in a browser, which it tells by a window present when it loads: this file runs in the
// `unit-window` project (vitest.config.ts), on a module graph of its own with a window set up first.

/** What swr's cache holds under a key (read through a mutation that keeps it as it is). */
async function cached(key: string): Promise<unknown> {
  let held: unknown;
  await mutate(
    key,
    (current: unknown) => {
      held = current;
      return current;
    },
    { revalidate: false },
  );
  return held;
}

describe('the answers the page came with', () => {
  it('are in the cache before any render and are what the first fetch answers: nothing is asked again', async () => {
    const fetched: string[] = [];
    const fetch = async (key: string) => {
      fetched.push(key);
      return `fetched ${key}`;
    };
    startReads(
      [
        { key: '/seeded/view', fetch, then: (view) => [{ key: `/seeded/next?v=${String(view)}`, fetch }] },
        { key: '/seeded/missing', fetch },
      ],
      { '/seeded/view': 3, '/seeded/next?v=3': 'next' },
    );
    expect(await cached('/seeded/view')).toBe(3);
    expect(await cached('/seeded/next?v=3')).toBe('next');
    // The page's hook revalidates on mount: through swr's preload it takes the answer, not the server's.
    expect(await preload('/seeded/view', fetch)).toBe(3);
    expect(await preload('/seeded/next?v=3', fetch)).toBe('next');
    expect(fetched).toEqual(['/seeded/missing']);
  });

  it('are read again where the page judges them stale, as a page without them reads', async () => {
    const fetched: string[] = [];
    startReads(
      [
        {
          key: '/stale/view',
          fetch: async (key) => {
            fetched.push(key);
            return 'newer';
          },
          takes: () => false,
        },
      ],
      { '/stale/view': 'older' },
    );
    expect(fetched).toEqual(['/stale/view']);
    expect(await preload('/stale/view', async () => 'again')).toBe('newer');
  });
});
