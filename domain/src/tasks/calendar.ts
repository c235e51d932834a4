import { addDays, addMinutes, format, parseISO } from 'date-fns';

/**
 * A calendar file (RFC 5545) for one onboarding call, built in the browser: CRLF line ends, text values
 * escaped (backslash, semicolon, comma, new lines), lines folded at 75 octets. The domain has no clock, so
 * the stamp comes in as an argument.
 */
export type CalendarEvent = {
  /** Unique and stable for the call, so a second download updates the same calendar entry. */
  uid: string;
  title: string;
  description?: string;
  location?: string;
  /** YYYY-MM-DD for an all-day entry, or a UTC instant (ISO 8601) for a timed one. */
  start: string;
  /** Minutes, for a timed entry (default 60). */
  durationMinutes?: number;
  /** When the file was made, ISO 8601. */
  stamp: string;
};

/** RFC 5545 §3.3.11: backslash, semicolon and comma are escaped, a line break becomes \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** RFC 5545 §3.1: a line longer than 75 octets continues on the next line after a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation line starts with its space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utc = (iso: string) =>
  parseISO(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function calendarFile(event: CalendarEvent): string {
  const timing = isDateOnly(event.start)
    ? [
        `DTSTART;VALUE=DATE:${event.start.replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${format(addDays(parseISO(event.start), 1), 'yyyyMMdd')}`,
      ]
    : [
        `DTSTART:${utc(event.start)}`,
        `DTEND:${utc(addMinutes(parseISO(event.start), event.durationMinutes ?? 60).toISOString())}`,
      ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Onboard//Onboarding calls//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    ...timing,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A file name for the download: letters, digits and hyphens, ending in .ics. */
export const calendarFileName = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'event'
  }.ics`;
