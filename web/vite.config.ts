import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Built by `vite build web` (root = web/), so dist lands in web/dist where the server serves it from.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
