import { describe, expect, it } from 'vitest';
import { newerView, type EditingView } from './api.ts';

const view = (version: number, id = 'c1') => ({ id, version, name: 'Acme' }) as unknown as EditingView;

describe('newerView', () => {
  it('keeps the cached view when a refetch answers an older version', () => {
    expect(newerView(view(7), view(5)).version).toBe(7);
  });

  it('takes the fetched view when it is as new or newer, or when nothing is cached', () => {
    expect(newerView(view(7), view(7)).version).toBe(7);
    expect(newerView(view(7), view(9)).version).toBe(9);
    expect(newerView(undefined, view(3)).version).toBe(3);
  });

  it("never keeps another client's view", () => {
    expect(newerView(view(9, 'other'), view(2)).id).toBe('c1');
  });
});
