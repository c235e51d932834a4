import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Request, RequestHandler } from 'express';
import { sendProblem } from '../http/errors.ts';

/**
 * explorer §1, §2: on the public Explorer host only the three Explorer routes are served, at the root:
 * `/`, `/{explorerPageId}`, `/{explorerPageId}/personal-benefits-plan`, each also under /en/ or /es/.
 * Besides them: the built assets and the anonymous Explorer API the public site calls. Everything else
 * is not found.
 */
const PAGE = /^(?:\/(?:en|es))?(?:\/|\/[^/]+\/?|\/[^/]+\/personal-benefits-plan\/?)?$/i;
// Reserved first segments are not page ids: they would otherwise read as `/{id}`.
const NOT_A_PAGE_ID = /^\/(?:en\/|es\/)?(?:api|assets)(?:\/|$)/i;

/** The anonymous calls of the public site (web/src/features/explorer/api.ts and its support and e-mail parts). */
const PUBLIC_API: readonly { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/api\/auth\/csrf$/ },
  { method: 'GET', path: /^\/api\/explorer-pages\/(?!by-owner$)[^/]+$/ },
  { method: 'POST', path: /^\/api\/explorer-pages\/lead-generation\/send$/ },
  { method: 'POST', path: /^\/api\/explorer-pages\/human-check$/ },
  { method: 'POST', path: /^\/api\/explorer-pages\/[^/]+\/email-benefits$/ },
  { method: 'POST', path: /^\/api\/explorer-pages\/[^/]+\/support\/conversations$/ },
  { method: 'GET', path: /^\/api\/explorer-pages\/[^/]+\/support\/conversations\/[^/]+$/ },
  { method: 'GET', path: /^\/api\/explorer-pages\/[^/]+\/documents\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/explorer-pages\/[^/]+\/support\/conversations\/[^/]+\/messages$/ },
];

/** `*` makes every host the public Explorer host (a deployment that serves nothing else). */
function isExplorerPublicHost(hosts: readonly string[], req: Request): boolean {
  if (hosts.length === 0) return false;
  if (hosts.includes('*')) return true;
  return hosts.includes((req.hostname ?? '').toLowerCase());
}

function isExplorerPublicHostPage(path: string): boolean {
  return PAGE.test(path) && !NOT_A_PAGE_ID.test(path);
}

function isExplorerPublicApi(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_API.some((route) => route.method === m && route.path.test(path));
}

/**
 * Mounted first: on a public host it answers the pages with explorer.html and everything outside the
 * list with 404 (explorer.html again for a page-like path, so the site shows its not-found view).
 * Other hosts pass through untouched.
 */
export function explorerPublicHostGuard(options: {
  hosts: readonly string[];
  webDist: string | null;
}): RequestHandler {
  const entry = options.webDist ? join(options.webDist, 'explorer.html') : null;
  return (req, res, next) => {
    if (!isExplorerPublicHost(options.hosts, req)) return next();
    const path = req.path;
    if (path.startsWith('/api/')) {
      if (isExplorerPublicApi(req.method, path)) return next();
      sendProblem(res, 404, 'NOT_FOUND', `No route for ${req.method} ${path}`);
      return;
    }
    if (path.startsWith('/assets/') && (req.method === 'GET' || req.method === 'HEAD')) return next();
    const hasEntry = entry !== null && existsSync(entry);
    const status =
      isExplorerPublicHostPage(path) && (req.method === 'GET' || req.method === 'HEAD') ? 200 : 404;
    if (!hasEntry) {
      sendProblem(res, 404, 'NOT_FOUND', `No route for ${req.method} ${path}`);
      return;
    }
    res.status(status).sendFile(entry, { maxAge: 0 });
  };
}
