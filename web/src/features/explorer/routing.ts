import type { ExplorerLanguage } from '@onboard/domain/web';

/**
 * The public Explorer routes of explorer §2, with the optional /en/ or /es/ prefix (default en). On the
 * main host they live under /benefits-explorer; on the public Explorer host at the root (base '').
 */
export type ExplorerBase = '/benefits-explorer' | '';
export const MAIN_HOST_BASE: ExplorerBase = '/benefits-explorer';

export type ExplorerRoute =
  | { view: 'index'; language: ExplorerLanguage; base: ExplorerBase }
  | { view: 'site'; language: ExplorerLanguage; base: ExplorerBase; pageKey: string }
  | { view: 'personal'; language: ExplorerLanguage; base: ExplorerBase; pageKey: string }
  | { view: 'notFound'; language: ExplorerLanguage; base: ExplorerBase };

const MAIN = /^(?:\/(en|es))?\/benefits-explorer(?:\/([^/]+)(\/personal-benefits-plan)?)?\/?$/i;
const PUBLIC = /^(?:\/(en|es))?(?:\/([^/]+)(\/personal-benefits-plan)?)?\/?$/i;

/**
 * The server hands this entry only explorer paths: under /benefits-explorer on the main host, anything
 * on the public host. So a path outside /benefits-explorer is a public-host path.
 */
export function parseExplorerPath(path: string): ExplorerRoute {
  const prefix = /^\/(en|es)(?=\/|$)/i.exec(path)?.[1]?.toLowerCase();
  const fallback: ExplorerLanguage = prefix === 'es' ? 'es' : 'en';
  const base: ExplorerBase = /^(?:\/(?:en|es))?\/benefits-explorer(?:\/|$)/i.test(path) ? MAIN_HOST_BASE : '';
  const match = (base === '' ? PUBLIC : MAIN).exec(path);
  if (!match) return { view: 'notFound', language: fallback, base };
  const language: ExplorerLanguage = match[1]?.toLowerCase() === 'es' ? 'es' : 'en';
  const key = match[2];
  if (key === undefined) return { view: 'index', language, base };
  const pageKey = decodeURIComponent(key);
  return match[3] ? { view: 'personal', language, base, pageKey } : { view: 'site', language, base, pageKey };
}

/** English paths carry no prefix (the default); Spanish ones carry /es. */
export function explorerPath(
  language: ExplorerLanguage,
  pageKey?: string,
  page: 'site' | 'personal' = 'site',
  base: ExplorerBase = MAIN_HOST_BASE,
): string {
  const root = `${language === 'es' ? '/es' : ''}${base}`;
  if (pageKey === undefined) return root === '' ? '/' : root;
  const site = `${root}/${encodeURIComponent(pageKey)}`;
  return page === 'personal' ? `${site}/personal-benefits-plan` : site;
}

/** The same page in the other language. */
export function pathInLanguage(route: ExplorerRoute, language: ExplorerLanguage): string {
  switch (route.view) {
    case 'index':
    case 'notFound':
      return explorerPath(language, undefined, 'site', route.base);
    case 'site':
      return explorerPath(language, route.pageKey, 'site', route.base);
    case 'personal':
      return explorerPath(language, route.pageKey, 'personal', route.base);
    default: {
      const unreachable: never = route;
      throw new Error(`Unknown route ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The onboarding product's name (the portal's own title, web/index.html). */
const ONBOARD_PRODUCT_NAME = 'Onboard';

/**
 * explorer §2: the browser page title is the onboarding product's name on the main (non-public) host.
 * On the public Explorer host it names the site the visitor opened, else the Explorer itself.
 */
export function explorerDocumentTitle(
  base: ExplorerBase,
  siteName: string | null,
  explorerName: string,
): string {
  if (base === MAIN_HOST_BASE) return ONBOARD_PRODUCT_NAME;
  return siteName ? `${siteName} · ${explorerName}` : explorerName;
}
