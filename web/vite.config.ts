import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { textAreas } from './textAreas.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const zodWithoutEvalFile = fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url));

/**
 * zod in the browser: every `import … from 'zod'` gets src/lib/zod.ts, which turns zod's schema
 * compiler off before any schema is built, in whichever chunk first loads zod (the entry does not).
 * That file and contract/src/no-eval.ts (the switch it imports) get zod itself.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'livecart:zod-without-eval',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id !== 'zod' || !importer) return undefined;
      const from = importer.replace(/\\/g, '/');
      const own =
        from === zodWithoutEvalFile.replace(/\\/g, '/') || from.endsWith('/contract/src/no-eval.ts');
      return own ? undefined : zodWithoutEvalFile;
    },
  };
}

/**
 * Two builds. The browser's (web/dist): the SPA (index.html) and the public site's entry
 * (src/site/client.tsx), which hydrates the pages the server renders. The server's
 * (`--ssr`, web/dist-server): src/site/render.tsx, the public pages to HTML, self-contained.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), textAreas(), ...(isSsrBuild ? [] : [zodWithoutEval()])],
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
