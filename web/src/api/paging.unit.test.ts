import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAllPages } from './client.ts';
import { LIST_PAGE_LIMIT } from './http.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('readAllPages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads pages of the largest allowed size until the total is reached', async () => {
    const all = Array.from({ length: 230 }, (_, i) => ({ id: `c${i}` }));
    const asked: string[] = [];
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        const url = new URL(path, 'http://onboard.test');
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        return json({ items: all.slice(offset, offset + limit), total: all.length });
      }),
    );
    const items = await readAllPages('/api/clients', {}, { search: 'a b' });
    expect(items).toEqual(all);
    expect(asked).toEqual([
      `/api/clients?search=a+b&limit=${LIST_PAGE_LIMIT}&offset=0`,
      `/api/clients?search=a+b&limit=${LIST_PAGE_LIMIT}&offset=100`,
      `/api/clients?search=a+b&limit=${LIST_PAGE_LIMIT}&offset=200`,
    ]);
  });

  it('stops at an empty page even if the total said more', async () => {
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], total: 5 })),
    );
    expect(await readAllPages('/api/clients', {})).toEqual([]);
  });
});
