import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { RequestHandler } from 'express';

/** Hashed file names never change content: a browser keeps them a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
] as const;

/** The encodings an Accept-Encoding header allows (none refused with q=0). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  return accepted;
}

/**
 * Serves the build's hashed assets compressed at build time (web/vite.config.ts writes `.br` and `.gz`
 * beside each): brotli when the browser takes it, else gzip, else the file itself (left to the static
 * handler after this one). Every answer is kept a year by the browser.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const root = normalize(assetsDir) + sep;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = normalize(join(root, req.path));
    // A file that is not there (a stale bundle's chunk) is the 404 of the handlers after this one, uncached.
    if (!file.startsWith(root) || !existsSync(file)) return next();
    const accepted = acceptedEncodings(req.get('accept-encoding'));
    res.setHeader('Cache-Control', IMMUTABLE);
    res.vary('Accept-Encoding');
    const encoding = ENCODINGS.find((e) => accepted.has(e.token) && existsSync(file + e.suffix));
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.token);
    res.type(extname(file));
    // A browser that went away mid-answer (a closed tab) is no error of ours.
    res.sendFile(file + encoding.suffix, { cacheControl: false }, (error) => {
      const isGone = (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNABORTED';
      if (error && !isGone && !res.headersSent) next(error);
    });
  };
}
