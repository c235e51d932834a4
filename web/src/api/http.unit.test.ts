import { describe, expect, it } from 'vitest';
import { readCookie } from './http.ts';

describe('readCookie', () => {
  it('reads the double-submit CSRF cookie among others', () => {
    expect(readCookie('a=1; onboard_csrf=tok%3Den=; b=2', 'onboard_csrf')).toBe('tok=en=');
    expect(readCookie('onboard_csrf_x=1', 'onboard_csrf')).toBeNull();
    expect(readCookie('', 'onboard_csrf')).toBeNull();
  });
});
