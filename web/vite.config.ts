import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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
  apply: 'build',
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

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        portal: resolve(import.meta.dirname, 'index.html'),
        explorer: resolve(import.meta.dirname, 'explorer.html'),
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
