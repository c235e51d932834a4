import type { TicketSystemStatus } from './port.ts';

/** explorer §9: the service-status answer is cached 5 minutes. */
export const SERVICE_STATUS_TTL_MS = 5 * 60_000;

export type CachedStatus = TicketSystemStatus & {
  /** Forget the cached answer, so the next call asks again (staff just changed the setting). */
  clear: () => void;
  /** Remember an answer known for certain (staff just set it), for `ttlMs`, instead of asking. */
  remember: (isUp: boolean) => void;
};

/**
 * Remembers the port's answer for `ttlMs`. Callers arriving while a probe runs share it, so a slow ticket
 * system is asked once however many browsers ask; a failed read is not remembered.
 */
export function cachedStatus(
  port: TicketSystemStatus,
  options: { ttlMs?: number; now?: () => number } = {},
): CachedStatus {
  const ttlMs = options.ttlMs ?? SERVICE_STATUS_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { value: Promise<boolean>; until: number } | null = null;
  return {
    isUp: () => {
      if (cached && now() < cached.until) return cached.value;
      const entry = { value: port.isUp(), until: now() + ttlMs };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.value;
    },
    clear: () => {
      cached = null;
    },
    remember: (isUp) => {
      cached = { value: Promise.resolve(isUp), until: now() + ttlMs };
    },
  };
}
