import { describe, expect, it } from 'vitest';
import {
  PRELOAD_RELOAD_GUARD_MS,
  PRELOAD_RELOAD_KEY,
  reloadOnPreloadError,
  shouldReloadAfterPreloadError,
} from './preload-reload.ts';

describe('a failed code preload reloads the page once', () => {
  it('reloads when this tab has not, or not lately', () => {
    expect(shouldReloadAfterPreloadError(null, 1_000_000)).toBe(true);
    expect(shouldReloadAfterPreloadError('garbage', 1_000_000)).toBe(true);
    expect(shouldReloadAfterPreloadError(String(1_000_000 - PRELOAD_RELOAD_GUARD_MS - 1), 1_000_000)).toBe(
      true,
    );
  });

  it('does not reload again within the guard window', () => {
    expect(shouldReloadAfterPreloadError(String(1_000_000 - 500), 1_000_000)).toBe(false);
  });

  it('the listener reloads once, then lets a repeated failure through', () => {
    const listeners: ((event: Event) => void)[] = [];
    const target = { addEventListener: (_: string, fn: (event: Event) => void) => listeners.push(fn) };
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    let reloads = 0;
    reloadOnPreloadError(
      target as never,
      storage,
      () => reloads++,
      () => 5_000_000,
    );
    const fire = () => {
      const event = new Event('vite:preloadError', { cancelable: true });
      listeners.forEach((fn) => fn(event));
      return event.defaultPrevented;
    };
    expect(fire()).toBe(true);
    expect(store.get(PRELOAD_RELOAD_KEY)).toBe('5000000');
    expect(fire()).toBe(false);
    expect(reloads).toBe(1);
  });
});
