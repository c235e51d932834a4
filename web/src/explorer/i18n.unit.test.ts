import { describe, expect, it } from 'vitest';
import { formatDayOfYear, formatSiteDate } from './i18n.ts';

describe('dates in the visitor’s language', () => {
  it('writes a site’s start day as a long date, the same day wherever the visitor is', () => {
    expect(formatSiteDate('2099-01-01T00:00:00.000Z', 'en')).toBe('January 1, 2099');
    expect(formatSiteDate('2099-01-01T00:00:00.000Z', 'es')).toBe('1 de enero de 2099');
    expect(formatSiteDate('2027-03-15', 'es')).toBe('15 de marzo de 2027');
    expect(formatSiteDate('not a date', 'en')).toBe('not a date');
  });

  it('writes the FSA rollover day (MM/DD) per language, and leaves anything else as stored', () => {
    expect(formatDayOfYear('03/15', 'en')).toBe('March 15');
    expect(formatDayOfYear('03/15', 'es')).toBe('15 de marzo');
    expect(formatDayOfYear('02/29', 'en')).toBe('February 29');
    expect(formatDayOfYear('02/30', 'en')).toBe('02/30');
    expect(formatDayOfYear('March', 'es')).toBe('March');
  });
});
