import { asc } from 'drizzle-orm';
import type { App, Deps } from '../../lib/http.ts';
import { countries } from './tables.ts';

/** Reference data anyone may read: countries (checkout and profile forms). */
export async function referenceModule(app: App, deps: Deps) {
  app.get(
    '/api/countries',
    {
      config: { access: 'public' },
      schema: { description: 'ISO countries with French and English names: {countries}.' },
    },
    async (_req, reply) => {
      const rows = await deps.database.db.select().from(countries).orderBy(asc(countries.name_fr));
      reply.header('cache-control', 'public, max-age=3600');
      return { countries: rows };
    },
  );
}
