/** A moment as people read it: 'Nov 24, 2026, 10:52 AM'; a dash when there is none. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
