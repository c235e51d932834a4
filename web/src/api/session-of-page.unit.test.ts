import { describe, expect, it } from 'vitest';
import { SESSION_BLOCK_ID, takeSessionOfPage } from './hooks.ts';

/** A page holding one element by id, which `remove` takes out. */
const pageWith = (id: string, text: string) => {
  let present = true;
  const element = { textContent: text, remove: () => void (present = false) };
  return {
    getElementById: (asked: string) => (present && asked === id ? element : null),
  } as unknown as Document;
};

describe('the session written into the page', () => {
  it('answers the first session check once, and every later one asks the server', () => {
    const page = pageWith(SESSION_BLOCK_ID, '{"userId":"u1","role":"BEN_ADMIN"}');
    expect(takeSessionOfPage(page)).toEqual({ user: { userId: 'u1', role: 'BEN_ADMIN' } });
    expect(takeSessionOfPage(page)).toBeUndefined();
  });

  it('tells "nobody signed in" apart from "not written"', () => {
    expect(takeSessionOfPage(pageWith(SESSION_BLOCK_ID, 'null'))).toEqual({ user: null });
    expect(takeSessionOfPage(pageWith('other', 'null'))).toBeUndefined();
    expect(takeSessionOfPage(pageWith(SESSION_BLOCK_ID, '{not json'))).toBeUndefined();
  });
});
