// The public Explorer's first-page JavaScript (explorer.html's entry plus everything it imports
// statically), gzipped. Lazy chunks (`import()`) load after the first paint and are not counted.
// Run after `npm run build:web`: `npx tsx bench/explorer-size.ts` (also part of `npm run bench`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WEB_DIST } from '../platform/src/config.ts';

/** The spec'd budget for the public site's first page, in gzipped kilobytes (1 KB = 1024 bytes). */
export const EXPLORER_FIRST_PAGE_BUDGET_KB = 150;

// Static imports in rolldown's output: `import{a as b}from"./x.js"`, `import"./x.js"`, `export ... from`.
const STATIC_IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

export type FirstPageSize = { files: { file: string; gzipBytes: number }[]; totalGzipBytes: number };

export function explorerFirstPageSize(dist = WEB_DIST): FirstPageSize {
  const html = readFileSync(join(dist, 'explorer.html'), 'utf8');
  const roots = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = roots.map((src) => src.replace(/^\//, ''));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(join(dir, match[1]!).replace(/\\/g, '/'));
    }
  }
  const files = [...seen].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

export function reportExplorerFirstPageSize(
  report: (name: string, value: string, ratio: number | null, target: string, isMet: boolean) => void,
  dist = WEB_DIST,
) {
  if (!existsSync(join(dist, 'explorer.html'))) {
    console.log('SKIP  explorer first-page JS: run `npm run build:web` first');
    return;
  }
  const { files, totalGzipBytes } = explorerFirstPageSize(dist);
  const kb = totalGzipBytes / 1024;
  for (const f of files) console.log(`      ${f.file}: ${(f.gzipBytes / 1024).toFixed(1)} KB gzip`);
  report(
    'explorer first-page JS (gzip)',
    `${kb.toFixed(1)} KB`,
    null,
    `<= ${EXPLORER_FIRST_PAGE_BUDGET_KB} KB`,
    kb <= EXPLORER_FIRST_PAGE_BUDGET_KB,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  reportExplorerFirstPageSize((name, value, _ratio, target, isMet) =>
    console.log(`${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}  (target ${target})`),
  );
}
