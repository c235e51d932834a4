import { describe, expect, it } from 'vitest';
import { explorerDocumentTitle, explorerPath, parseExplorerPath, pathInLanguage } from './routing.ts';

const main = '/benefits-explorer';

describe('public Explorer routes (explorer §2)', () => {
  it('reads the language prefix, defaulting to English', () => {
    expect(parseExplorerPath('/benefits-explorer')).toEqual({ view: 'index', language: 'en', base: main });
    expect(parseExplorerPath('/es/benefits-explorer/lakeside')).toEqual({
      view: 'site',
      language: 'es',
      base: main,
      pageKey: 'lakeside',
    });
    expect(parseExplorerPath('/EN/Benefits-Explorer/abc/personal-benefits-plan/')).toEqual({
      view: 'personal',
      language: 'en',
      base: main,
      pageKey: 'abc',
    });
  });

  it('sends anything else to the not-found view', () => {
    expect(parseExplorerPath('/es/benefits-explorer/a/b').view).toBe('notFound');
    expect(parseExplorerPath('/es/benefits-explorer/a/b').language).toBe('es');
    expect(parseExplorerPath('/fr/benefits-explorer/x/y').view).toBe('notFound');
  });

  it('reads the public host’s root routes (explorer §2, base "")', () => {
    expect(parseExplorerPath('/')).toEqual({ view: 'index', language: 'en', base: '' });
    expect(parseExplorerPath('/es')).toEqual({ view: 'index', language: 'es', base: '' });
    expect(parseExplorerPath('/es/lakeside')).toEqual({
      view: 'site',
      language: 'es',
      base: '',
      pageKey: 'lakeside',
    });
    expect(parseExplorerPath('/abc/personal-benefits-plan').view).toBe('personal');
    expect(parseExplorerPath('/lab/home').view).toBe('notFound');
  });

  it('builds paths and switches language on the same page', () => {
    expect(explorerPath('en', 'lakeside', 'personal')).toBe(
      '/benefits-explorer/lakeside/personal-benefits-plan',
    );
    expect(pathInLanguage({ view: 'site', language: 'en', base: main, pageKey: 'x y' }, 'es')).toBe(
      '/es/benefits-explorer/x%20y',
    );
    expect(explorerPath('en', undefined, 'site', '')).toBe('/');
    expect(pathInLanguage({ view: 'personal', language: 'es', base: '', pageKey: 'k' }, 'en')).toBe(
      '/k/personal-benefits-plan',
    );
  });
});

describe('the browser page title (explorer §2)', () => {
  it('is the onboarding product name on the main host, the site’s name on the public host', () => {
    expect(explorerDocumentTitle(main, 'Lakeside Manufacturing Co.', 'Benefits Explorer')).toBe('Onboard');
    expect(explorerDocumentTitle(main, null, 'Explorador de beneficios')).toBe('Onboard');
    expect(explorerDocumentTitle('', 'Lakeside Manufacturing Co.', 'Explorador de beneficios')).toBe(
      'Lakeside Manufacturing Co. · Explorador de beneficios',
    );
    expect(explorerDocumentTitle('', null, 'Benefits Explorer')).toBe('Benefits Explorer');
  });
});
