import { describe, expect, it } from 'vitest';
import { explorerPath, parseExplorerPath, pathInLanguage } from './routing.ts';

describe('public Explorer routes (explorer §2)', () => {
  it('reads the language prefix, defaulting to English', () => {
    expect(parseExplorerPath('/benefits-explorer')).toEqual({ view: 'index', language: 'en' });
    expect(parseExplorerPath('/es/benefits-explorer/lakeside')).toEqual({
      view: 'site',
      language: 'es',
      pageKey: 'lakeside',
    });
    expect(parseExplorerPath('/EN/Benefits-Explorer/abc/personal-benefits-plan/')).toEqual({
      view: 'personal',
      language: 'en',
      pageKey: 'abc',
    });
  });

  it('sends anything else to the not-found view', () => {
    expect(parseExplorerPath('/es/benefits-explorer/a/b').view).toBe('notFound');
    expect(parseExplorerPath('/es/benefits-explorer/a/b').language).toBe('es');
    expect(parseExplorerPath('/fr/benefits-explorer').view).toBe('notFound');
  });

  it('builds paths and switches language on the same page', () => {
    expect(explorerPath('en', 'lakeside', 'personal')).toBe(
      '/benefits-explorer/lakeside/personal-benefits-plan',
    );
    expect(pathInLanguage({ view: 'site', language: 'en', pageKey: 'x y' }, 'es')).toBe(
      '/es/benefits-explorer/x%20y',
    );
  });
});
