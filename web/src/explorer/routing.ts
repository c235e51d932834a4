import type { ExplorerLanguage } from '../../../domain/src/explorer/catalogues.ts';

/** The public Explorer routes of explorer §2, with the optional /en/ or /es/ prefix (default en). */
export type ExplorerRoute =
  | { view: 'index'; language: ExplorerLanguage }
  | { view: 'site'; language: ExplorerLanguage; pageKey: string }
  | { view: 'personal'; language: ExplorerLanguage; pageKey: string }
  | { view: 'notFound'; language: ExplorerLanguage };

const PATTERN = /^(?:\/(en|es))?\/benefits-explorer(?:\/([^/]+)(\/personal-benefits-plan)?)?\/?$/i;

export function parseExplorerPath(path: string): ExplorerRoute {
  const prefix = /^\/(en|es)(?=\/)/i.exec(path)?.[1]?.toLowerCase();
  const fallback: ExplorerLanguage = prefix === 'es' ? 'es' : 'en';
  const match = PATTERN.exec(path);
  if (!match) return { view: 'notFound', language: fallback };
  const language: ExplorerLanguage = match[1]?.toLowerCase() === 'es' ? 'es' : 'en';
  const key = match[2];
  if (key === undefined) return { view: 'index', language };
  const pageKey = decodeURIComponent(key);
  return match[3] ? { view: 'personal', language, pageKey } : { view: 'site', language, pageKey };
}

/** English paths carry no prefix (the default); Spanish ones carry /es. */
export function explorerPath(
  language: ExplorerLanguage,
  pageKey?: string,
  page: 'site' | 'personal' = 'site',
): string {
  const base = `${language === 'es' ? '/es' : ''}/benefits-explorer`;
  if (pageKey === undefined) return base;
  const site = `${base}/${encodeURIComponent(pageKey)}`;
  return page === 'personal' ? `${site}/personal-benefits-plan` : site;
}

/** The same page in the other language. */
export function pathInLanguage(route: ExplorerRoute, language: ExplorerLanguage): string {
  switch (route.view) {
    case 'index':
    case 'notFound':
      return explorerPath(language);
    case 'site':
      return explorerPath(language, route.pageKey);
    case 'personal':
      return explorerPath(language, route.pageKey, 'personal');
    default: {
      const unreachable: never = route;
      throw new Error(`Unknown route ${JSON.stringify(unreachable)}`);
    }
  }
}
