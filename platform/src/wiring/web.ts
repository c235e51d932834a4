import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';

/** The public Explorer routes (explorer §2), with or without the /en/ and /es/ prefixes. */
const EXPLORER_PUBLIC_PATH = /^\/(?:(?:en|es)\/)?benefits-explorer(?:\/|$)/i;

/** Paths of files, not of pages: the built assets, and anything named like a static file. */
const STATIC_FILE_PATH =
  /^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|json|txt|xml|webmanifest)$/i;

/** The built web app, when there is one: its files, and its pages for every other path. */
export function wireWeb(app: Express, webDist: string | null) {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return;
  app.use(express.static(webDist, { index: false, maxAge: '1h' }));
  // A file that is not there is a 404, not the app page (a stale bundle's chunk must fail loudly).
  app.get(STATIC_FILE_PATH, (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  // The SPA owns every other path; its route table decides what to show (including the 404 page).
  // The public Benefits Explorer has an entry of its own, without the portal's code (web/explorer.html).
  const explorerEntry = existsSync(join(webDist, 'explorer.html')) ? 'explorer.html' : 'index.html';
  app.get(/.*/, (req, res) => {
    const entry = EXPLORER_PUBLIC_PATH.test(req.path) ? explorerEntry : 'index.html';
    res.sendFile(join(webDist, entry), { maxAge: 0 });
  });
}
