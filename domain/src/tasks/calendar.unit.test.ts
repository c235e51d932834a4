import { describe, expect, it } from 'vitest';
import { calendarFile, calendarFileName, escapeText, foldLine } from './calendar.ts';

describe('calendar file of an onboarding call', () => {
  it('writes an all-day entry with CRLF lines and escaped text', () => {
    const file = calendarFile({
      uid: 'kickoff-call-lakeside@onboard',
      title: 'Kickoff call, Lakeside; onboarding',
      description: 'Agenda:\nkey dates\\plan',
      start: '2026-12-15',
      stamp: '2026-11-24T10:00:00.000Z',
    });
    expect(file).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Onboard//Onboarding calls//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:kickoff-call-lakeside@onboard',
        'DTSTAMP:20261124T100000Z',
        'DTSTART;VALUE=DATE:20261215',
        'DTEND;VALUE=DATE:20261216',
        'SUMMARY:Kickoff call\\, Lakeside\\; onboarding',
        'DESCRIPTION:Agenda:\\nkey dates\\\\plan',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('writes a timed entry in UTC with its duration', () => {
    const file = calendarFile({
      uid: 'u',
      title: 'Call',
      start: '2026-12-15T15:30:00.000Z',
      durationMinutes: 45,
      location: 'Video call',
      stamp: '2026-11-24T10:00:00Z',
    });
    expect(file).toContain('\r\nDTSTART:20261215T153000Z\r\nDTEND:20261215T161500Z\r\n');
    expect(file).toContain('\r\nLOCATION:Video call\r\n');
  });

  it('escapes text as RFC 5545 asks', () => {
    expect(escapeText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds lines longer than 75 octets, counting multi-byte characters whole', () => {
    const line = `DESCRIPTION:${'x'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts[0]).toHaveLength(75);
    expect(parts[1]!.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    const accented = foldLine(`SUMMARY:${'é'.repeat(40)}`);
    for (const part of accented.split('\r\n'))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
  });

  it('names the file from the title', () => {
    expect(calendarFileName('Kickoff call — Lakeside')).toBe('kickoff-call-lakeside.ics');
  });
});
