/**
 * The web's one clock for what depends on today (the due-date badge, the onboarding timeline). A test can
 * fix "now" before the app loads by setting `window.__ONBOARD_NOW__` (an ISO date or instant), e.g. with
 * playwright's `page.addInitScript`; otherwise it is the browser's clock.
 */
declare global {
  interface Window {
    __ONBOARD_NOW__?: string;
  }
}

export function now(): Date {
  const fixed = typeof window === 'undefined' ? undefined : window.__ONBOARD_NOW__;
  if (fixed) {
    // A bare date is that day at noon local time, so the calendar day is the same in every zone.
    const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(fixed) ? `${fixed}T12:00:00` : fixed);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return new Date();
}

/** Today as YYYY-MM-DD in the browser's zone. */
export function todayIso(): string {
  const at = now();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
