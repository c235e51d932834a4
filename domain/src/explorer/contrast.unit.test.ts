import { describe, expect, it } from 'vitest';
import { contrastRatio, hasReadableContrast, isHexColor, parseHexColor } from './contrast.ts';

describe('colour contrast (WCAG)', () => {
  it('accepts #abc and #aabbcc hex colours only', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#AABBCC')).toBe(true);
    expect(isHexColor('abc')).toBe(false);
    expect(isHexColor('#abcd')).toBe(false);
    expect(isHexColor('#ggg')).toBe(false);
    expect(parseHexColor('#f80')).toEqual({ r: 255, g: 136, b: 0 });
  });

  it('measures black on white as 21:1 and a colour on itself as 1:1, either way round', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#336699', '#336699')).toBeCloseTo(1, 5);
    expect(contrastRatio('#336699', 'blue')).toBeNull();
  });

  it('calls 4.5:1 readable and just below it not', () => {
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(hasReadableContrast('#767676', '#fff')).toBe(true);
    expect(contrastRatio('#777777', '#fff')).toBeCloseTo(4.48, 2);
    expect(hasReadableContrast('#777777', '#fff')).toBe(false);
    expect(hasReadableContrast('#777777', 'nope')).toBe(false);
  });
});
