import { format, parseISO } from 'date-fns';

/** A calendar date (YYYY-MM-DD, or the day of an instant) as people read it: 'Dec 15, 2026'. */
export function formatDate(value: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseISO(value) : new Date(value);
  return Number.isNaN(at.getTime()) ? value : format(at, 'MMM d, yyyy');
}
