/**
 * onboarding §8 / platform §8 Other: a failed code preload (a chunk of an older deployment, a dropped
 * connection) reloads the page once. The time of the last such reload is kept in sessionStorage so a
 * chunk that keeps failing shows the error page instead of reloading forever.
 */
export const PRELOAD_RELOAD_KEY = 'onboard:preload-reload-at';
export const PRELOAD_RELOAD_GUARD_MS = 10_000;

/** Reload unless this tab already reloaded for a failed preload within the guard window. */
export function shouldReloadAfterPreloadError(lastReloadAt: string | null, now: number): boolean {
  const last = Number(lastReloadAt);
  return lastReloadAt === null || !Number.isFinite(last) || now - last > PRELOAD_RELOAD_GUARD_MS;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function reloadOnPreloadError(
  target: Pick<Window, 'addEventListener'> = window,
  storage: Storage = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    let last: string | null;
    try {
      last = storage.getItem(PRELOAD_RELOAD_KEY);
    } catch {
      return; // No storage, no guard: let the error page show rather than risk a loop.
    }
    if (!shouldReloadAfterPreloadError(last, now())) return;
    storage.setItem(PRELOAD_RELOAD_KEY, String(now()));
    event.preventDefault();
    reload();
  });
}
