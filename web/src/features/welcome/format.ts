// Small words shared by the welcome pages and the staff's client setup (no task catalogue here).

/** 'Jordan Reyes' from a consultant's names. */
export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * 'Nov 24, 2026' for a date-only value (YYYY-MM-DD), read as that calendar day wherever the browser is;
 * a moment (with a time) as the day it is where the browser is; a dash when there is none.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { dateStyle: 'medium', ...(day ? { timeZone: 'UTC' } : {}) });
}
