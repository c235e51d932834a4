import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import {
  PAGE_WAITS,
  signedInPageOf,
  loadWebServerEntry,
  portalPage,
  portalPageFiles,
  type SessionOf,
} from '../http/portal-page.ts';
import { precompressedAssets } from '../http/precompressed.ts';

/** The public Explorer routes (explorer §2), with or without the /en/ and /es/ prefixes. */
const EXPLORER_PUBLIC_PATH = /^\/(?:(?:en|es)\/)?benefits-explorer(?:\/|$)/i;

/** Paths of files, not of pages: the built assets, and anything named like a static file. */
const STATIC_FILE_PATH =
  /^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|json|txt|xml|webmanifest)$/i;

/**
 * The built web app, when there is one: its files, and its pages for every other path. `signedIn` reads
 * who is signed in for the portal's page (null: no one; undefined: not known, the web asks); a signed-in
 * person's page carries its first reads' answers, read through this server's own routes as that person
 * (the process that serves the page serves the reads: the embedded app, or query-api).
 */
export function wireWeb(app: Express, webDist: string | null, signedIn: SessionOf, pageWaits = PAGE_WAITS) {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return;
  // The hashed assets: compressed at build time, kept a year; everything else an hour.
  const assets = join(webDist, 'assets');
  app.use('/assets', precompressedAssets(assets));
  app.use('/assets', express.static(assets, { index: false, cacheControl: false }));
  app.use(express.static(webDist, { index: false, maxAge: '1h' }));
  // A file that is not there is a 404, not the app page (a stale bundle's chunk must fail loudly); so is
  // the web's server entry (dist/.server: express.static ignores dot directories).
  app.get(STATIC_FILE_PATH, (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  // The SPA owns every other path; its route table decides what to show (including the 404 page).
  // The public Benefits Explorer has an entry of its own, without the portal's code (web/explorer.html).
  const explorerEntry = existsSync(join(webDist, 'explorer.html')) ? 'explorer.html' : 'index.html';
  const portal = portalPage(
    portalPageFiles(webDist),
    signedIn,
    signedInPageOf(loadWebServerEntry(webDist), pageWaits),
  );
  app.get(/.*/, (req, res, next) => {
    if (EXPLORER_PUBLIC_PATH.test(req.path)) res.sendFile(join(webDist, explorerEntry), { maxAge: 0 });
    else portal(req, res, next);
  });
}
