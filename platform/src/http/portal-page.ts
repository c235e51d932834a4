import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request, RequestHandler } from 'express';

/** The id of the data block that carries who is signed in (read by web/src/api/hooks.ts). */
export const SESSION_BLOCK_ID = 'onboard-session';

/**
 * A JSON data block: never executed, so the page's Content-Security-Policy (scripts from this origin only)
 * stays as strict as it is. Every `<` is escaped, so no value can close the block or open a comment.
 */
export const jsonDataBlock = (id: string, value: unknown): string =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** The page with a data block at the end of its head (or of the page, when it has no head). */
export function withDataBlock(html: string, id: string, value: unknown): string {
  const block = jsonDataBlock(id, value);
  const headEnd = html.indexOf('</head>');
  return headEnd === -1 ? html + block : html.slice(0, headEnd) + block + html.slice(headEnd);
}

/**
 * Who the request is signed in as, as GET /api/users/authenticated answers it (null: nobody), or
 * undefined when the server cannot tell at once (an expired access token, which the web refreshes).
 */
export type SessionOf = (req: Request) => Promise<unknown>;

/**
 * The file of the portal's page for a path: the page prerendered for it at build time when there is one
 * (`pages/<path>.html`, written by web/vite.config.ts), else the app's one page. Paths match as the web's
 * routes do, whatever their case.
 */
export function portalPageFiles(webDist: string): (path: string) => string {
  const pagesDir = join(webDist, 'pages');
  const prerendered = new Map(
    (existsSync(pagesDir) ? readdirSync(pagesDir) : [])
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -'.html'.length).toLowerCase()}`, join(pagesDir, name)]),
  );
  const page = join(webDist, 'index.html');
  return (path) => prerendered.get(path.toLowerCase().replace(/\/$/, '')) ?? page;
}

/**
 * The portal's page, answered with the session it is opened in written into it: the web starts the page's
 * first reads as its entry runs instead of asking who is signed in first. The page is one person's, so it
 * is never stored by a cache.
 */
export function portalPage(fileFor: (path: string) => string, sessionOf: SessionOf): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const [html, session] = await Promise.all([
        readFile(fileFor(req.path), 'utf8'),
        sessionOf(req).catch(() => undefined),
      ]);
      res.setHeader('Cache-Control', 'private, no-store');
      res.type('html').send(session === undefined ? html : withDataBlock(html, SESSION_BLOCK_ID, session));
    })().catch(next);
  };
}
