import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The SPA: built to web/dist, `/api` proxied to the API server in development. */
export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // dist/.vite/manifest.json: which files each route loads (`npm run bench -- checkout`)
    manifest: true,
  },
  server: {
    // `npm run dev` gives the API PUBLIC_URL=http://localhost:5173 (its Origin check)
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
