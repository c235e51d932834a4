import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGE, checkPassword, isPasswordExpired } from './password-policy.ts';

const email = 'olivia.owens@onboard.example';

describe('password policy', () => {
  it.each([
    ['Lakeside-Demo-2026!', 'all four classes'],
    ['lakesidedemo2026!', 'lower, digits, symbols'],
    ['LakesideDemoTwenty6', 'lower, upper, digits'],
    ['Lakeside Demo Pass', 'lower, upper, space as a symbol'],
    ['Ünïcödé-pässwörd', 'non-ASCII letters count as letters'],
  ])('accepts %s (%s)', (password) => {
    expect(checkPassword(password, email)).toEqual({ ok: true });
  });

  it.each([
    ['Short-1a', 'fewer than 12 characters'],
    ['Abcdefgh-1!', 'eleven characters'],
    ['lakesidedemopass', 'one class'],
    ['lakesidedemo2026', 'two classes'],
    ['LAKESIDE-DEMO-PASS', 'two classes (upper, symbols)'],
    ['My-Olivia.Owens-2026', 'contains the e-mail name'],
    ['xx-OLIVIA.OWENS-xx1', 'contains the e-mail name in another case'],
  ])('refuses %s (%s) with the policy message', (password) => {
    expect(checkPassword(password, email)).toEqual({ ok: false, message: PASSWORD_POLICY_MESSAGE });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('Aa1-😀😀😀😀😀😀', email).ok).toBe(false);
    expect(checkPassword('Aa1-😀😀😀😀😀😀😀😀', email).ok).toBe(true);
  });

  it('ignores a very short local part', () => {
    expect(checkPassword('Lakeside-Demo-2026!', 'de@onboard.example').ok).toBe(true);
  });

  it('expires a password after the maximum age', () => {
    const setAt = Date.parse('2026-01-01T00:00:00Z');
    expect(isPasswordExpired(setAt, Date.parse('2026-03-31T23:59:59Z'), 90)).toBe(false);
    expect(isPasswordExpired(setAt, Date.parse('2026-04-01T00:00:01Z'), 90)).toBe(true);
  });
});
