import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Two builds. The browser's (web/dist): the SPA (index.html) and the public site's entry
 * (src/site/client.tsx), which hydrates the pages the server renders. The server's
 * (`--ssr`, web/dist-server): src/site/render.tsx, the public pages to HTML, self-contained.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        rollupOptions: { input: 'src/site/render.tsx', output: { entryFileNames: 'render.js' } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        chunkSizeWarningLimit: 900,
        // dist/.vite/manifest.json: which files each route loads (`npm run bench -- checkout`) and
        // the site's entry with its chunks and stylesheet (the server's public pages)
        manifest: true,
        rollupOptions: { input: { app: 'index.html', site: 'src/site/client.tsx' } },
      },
  ssr: { noExternal: true },
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
}));
