import type { App, Deps } from '../../lib/http.ts';
import { listCountries } from './service.ts';

/** Reference data anyone may read: countries (checkout and profile forms). */
export async function referenceModule(app: App, deps: Deps) {
  app.get(
    '/api/countries',
    {
      config: { access: 'public' },
      schema: { description: 'ISO countries with French and English names: {countries}.' },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { countries: await listCountries(deps.database.db) };
    },
  );
}
