import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedReference } from './db/seed-reference.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { localStorage } from './integrations/storage/storage.ts';
import { outboxHandlers } from './jobs/handlers.ts';
import { OutboxWorker } from './jobs/outbox.ts';
import type { App, Deps } from './lib/http.ts';

export interface Runtime {
  app: App;
  deps: Deps;
  worker: OutboxWorker;
  close(): Promise<void>;
}

/** Opens the database (migrated, reference data seeded), builds the app and its outbox worker. */
export async function createRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    afterMigrate: seedReference,
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, database });
  const deps: Deps = { config, database, mailer, storage: localStorage(config.filesDir) };
  const app = await buildApp(deps);
  const worker = new OutboxWorker(database, outboxHandlers(deps), app.log as FastifyBaseLogger);
  return {
    app,
    deps,
    worker,
    async close() {
      await worker.stop();
      await app.close();
      await mailer.close();
      await database.close();
    },
  };
}
