import { describe, expect, it } from 'vitest';
import {
  GENERAL_MESSAGES,
  EXPLORER_EMAIL_SEND_MESSAGES,
  LEAD_MESSAGES,
  HUMAN_CHECK_INVALID,
  SUPPORT_MESSAGES,
} from '@onboard/domain/web';
import { formatDayOfYear, formatSiteDate, hasSpanishMessage, translateRuleMessage } from './i18n.ts';

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

describe('every message the public site can show, in Spanish', () => {
  // The rules behind the lead form, the e-mail of selected benefits, the prepaid location, the support
  // chat and the human check: the browser and the server give the same messages.
  const messages = [
    ...Object.values(GENERAL_MESSAGES),
    ...Object.values(LEAD_MESSAGES),
    ...Object.values(EXPLORER_EMAIL_SEND_MESSAGES),
    ...Object.values(SUPPORT_MESSAGES),
    HUMAN_CHECK_INVALID,
  ];

  it.each(messages)('has a Spanish entry for “%s”', (message) => {
    expect(hasSpanishMessage(message)).toBe(true);
    expect(translateRuleMessage(message, 'es')).not.toBe(message);
    expect(translateRuleMessage(message, 'en')).toBe(message);
  });

  it('never shows a Spanish visitor an untranslated server message', () => {
    expect(translateRuleMessage('Some new server rule', 'es')).toBe('Revise este campo.');
    expect(translateRuleMessage('Some new server rule', 'en')).toBe('Some new server rule');
  });
});
