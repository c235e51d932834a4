import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Built by `vite build web` (root = web/), so dist lands in web/dist where the server serves it from.
// Two entries: the portal (index.html) and the public Benefits Explorer (explorer.html), which shares
// no portal code so its first page stays small.
/**
 * Each hashed asset the browser downloads (scripts, styles, SVG) also as .br and .gz beside it, compressed
 * once at build time at the highest level: the server answers with the one the browser accepts
 * (platform/src/http/precompressed.ts) and compresses nothing per request.
 */
const COMPRESSED = /\.(?:js|mjs|css|svg|json)$/;
const precompress = (): Plugin => ({
  name: 'onboard-precompress',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  writeBundle(options) {
    const assets = join(options.dir ?? 'dist', 'assets');
    for (const name of readdirSync(assets).filter((n) => COMPRESSED.test(n))) {
      const file = join(assets, name);
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});

/**
 * The web's server entry (web/src/server.tsx), built for Node into dist/.server/server.js: a dot directory,
 * which the server never serves as a file. With it the build writes the pages whose first view depends on
 * nothing but the address, each as dist/pages/<path>.html, which the server answers for that path
 * (platform/src/wiring/web.ts): on screen as soon as the HTML and the CSS are, before any script runs; the
 * app then hydrates them. The server loads it too, to make a page's first reads as the person opening it
 * (platform/src/http/portal-page.ts).
 */
const PRERENDERED_PATHS = ['/login'];
const ROOT_ELEMENT = '<div id="root"></div>';
const SERVER_DIR = '.server';

const prerender = (): Plugin => ({
  name: 'onboard-prerender',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  async closeBundle() {
    const web = import.meta.dirname;
    const dist = join(web, 'dist');
    const serverBuild = join(dist, SERVER_DIR);
    await build({
      root: web,
      logLevel: 'warn',
      build: { ssr: 'src/server.tsx', outDir: serverBuild, emptyOutDir: true, sourcemap: false },
    });
    const { prerenderPage } = (await import(pathToFileURL(join(serverBuild, 'server.js')).href)) as {
      prerenderPage: (path: string) => Promise<string>;
    };
    const shell = readFileSync(join(dist, 'index.html'), 'utf8');
    if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
    mkdirSync(join(dist, 'pages'), { recursive: true });
    for (const path of PRERENDERED_PATHS) {
      const markup = await prerenderPage(path);
      writeFileSync(
        join(dist, 'pages', `${path.slice(1)}.html`),
        shell.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`),
      );
    }
  },
});

/**
 * The portal's shell (app/boot.tsx and what it imports), which every portal page loads whole after its
 * entry, as one chunk: left to itself the bundler splits it by which screens share each part, into a dozen
 * files that every page downloads anyway and that compress worse apart. Not in it: what the entry already
 * loads (main.tsx and its imports), and whatever the public Explorer's page can reach, which must not carry
 * the portal's shell.
 */
const SHELL = resolve(import.meta.dirname, 'src/app/boot.tsx');
const EXPLORER_PAGE = resolve(import.meta.dirname, 'explorer.html');
const shellModules = new Set<string>();

const shellChunk = (): Plugin => ({
  name: 'onboard-shell-chunk',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  buildEnd() {
    const reach = (from: string[], follow: (id: string) => readonly string[]) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        for (const next of follow(id)) visit(next);
      };
      from.forEach(visit);
      return seen;
    };
    const info = (id: string) => this.getModuleInfo(id);
    const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
    const staticImports = (id: string) => info(id)?.importedIds ?? [];
    const explorer = entries.filter((id) => id === EXPLORER_PAGE);
    const loadedBefore = new Set([
      ...reach(entries, staticImports),
      ...reach(explorer, (id) => [...staticImports(id), ...(info(id)?.dynamicallyImportedIds ?? [])]),
    ]);
    shellModules.clear();
    for (const id of reach([SHELL], staticImports)) if (!loadedBefore.has(id)) shellModules.add(id);
  },
});

export default defineConfig({
  plugins: [react(), precompress(), prerender(), shellChunk()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        portal: resolve(import.meta.dirname, 'index.html'),
        explorer: EXPLORER_PAGE,
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: (id) => shellModules.has(id),
              // Its imports outside it stay where they are (the entry's chunks): no cycle, as nothing the
              // entry or the Explorer loads imports the shell.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
