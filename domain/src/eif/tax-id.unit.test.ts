import { describe, expect, it } from 'vitest';
import { formatTaxId, parseTaxId, TAX_ID_MESSAGE } from './tax-id.ts';

describe('tax id', () => {
  it.each([
    ['12-3456789', '123456789'],
    ['123456789', '123456789'],
    [' 12-3456789 ', '123456789'],
  ])('accepts %j as %s', (input, digits) => {
    expect(parseTaxId(input)).toEqual({ ok: true, digits });
  });

  it.each(['12345678', '1234567890', '12-345678a', '123-456789', '12--3456789', 'abcdefghi'])(
    'refuses %j with the format message',
    (input) => {
      expect(parseTaxId(input)).toEqual({ ok: false, message: TAX_ID_MESSAGE });
    },
  );

  it('asks for a response when empty', () => {
    expect(parseTaxId('  ')).toEqual({ ok: false, message: 'Please provide a response' });
  });

  it('formats nine digits as ##-#######', () => {
    expect(formatTaxId('123456789')).toBe('12-3456789');
  });
});
