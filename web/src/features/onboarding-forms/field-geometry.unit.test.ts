import { describe, expect, it } from 'vitest';
import { moved, resized } from './field-geometry.ts';

const letter = { width: 612, height: 792 };
const field = { page: 1, x: 100, y: 200, width: 180, height: 40 };

describe('moving and resizing a template field', () => {
  it('moves by whole points and stays on the page', () => {
    expect(moved(field, letter, 10.4, -20.6)).toMatchObject({ x: 110, y: 179 });
    expect(moved(field, letter, -500, 0).x).toBe(0);
    expect(moved(field, letter, 1000, 0).x).toBe(612 - 180);
    expect(moved(field, letter, 0, 1000).y).toBe(792 - 40);
    expect(moved(field, letter, 0, -1000).y).toBe(0);
  });

  it('resizes from the bottom-right corner, keeping the top-left corner still', () => {
    const taller = resized(field, letter, 20, 10);
    expect(taller).toMatchObject({ x: 100, width: 200, height: 50, y: 190 });
    expect(taller.y + taller.height).toBe(field.y + field.height);
  });

  it('is never smaller than 8 pt nor wider or lower than the page', () => {
    expect(resized(field, letter, -1000, -1000)).toMatchObject({ width: 8, height: 8, y: 232 });
    expect(resized(field, letter, 1000, 1000)).toMatchObject({ width: 512, height: 240, y: 0 });
  });
});
