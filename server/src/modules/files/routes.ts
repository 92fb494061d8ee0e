import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** How long a legal document may be kept by a cache before asking again. */
const LEGAL_CACHE = 'public, max-age=300, must-revalidate';

/**
 * Uploaded images are served from the API base plus their path (`/api/files/…`), and so are the
 * sellers' legal documents (PDFs the checkout links; their keys are random), opened in the browser.
 */
export async function filesModule(app: App, deps: Deps) {
  app.get(
    '/api/files/*',
    {
      config: { access: 'public', crossSite: 'link' },
      schema: {
        description:
          'Public uploaded images (profile, products, stores, shipping logos) and sellers’ legal documents (PDF).',
        params: z.object({ '*': z.string() }),
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      // Private folders (documents, invoices) are served by their own modules with access checks.
      if (!/^(profile|products|stores|shipping|legal)\//.test(key)) throw notFound();
      const stream = deps.storage.read(key);
      if (!stream) throw notFound();
      const ext = key.split('.').pop() ?? '';
      const legal = key.startsWith('legal/');
      reply.header('content-type', TYPES[ext] ?? 'application/octet-stream');
      // a removed or replaced legal document stops being served within minutes, by shared caches
      // too (its file is deleted); images never change under their name
      reply.header('cache-control', legal ? LEGAL_CACHE : 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      if (legal) reply.header('content-disposition', 'inline');
      return reply.send(stream);
    },
  );
}
