import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedReference } from './db/seed-reference.ts';
import { billingAvailable } from './integrations/billing/index.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { localStorage } from './integrations/storage/storage.ts';
import { outboxHandlers } from './jobs/handlers.ts';
import { OutboxWorker } from './jobs/outbox.ts';
import type { App, Deps } from './lib/http.ts';
import { ShopperFiguresSweeper } from './modules/buyers/figures.ts';
import { mailboxMailer } from './modules/dev/mailbox.ts';
import { LiveEventHub } from './modules/events/hub.ts';
import { CommentPoller } from './modules/live/poller.ts';
import { CommentSweeper } from './modules/live/recovery.ts';
import { CartSweeper } from './modules/orders/expiry.ts';
import { billingRunDeps } from './modules/plans/billing-run.ts';
import { BillingScheduler } from './modules/plans/billing-scheduler.ts';
import { SubscriptionClock } from './modules/plans/clock.ts';
import { billingEnvOf } from './modules/plans/customers.ts';
import { ShopSyncWorker } from './modules/shopsync/worker.ts';

export interface Runtime {
  app: App;
  deps: Deps;
  worker: OutboxWorker;
  /** Expires carts whose countdown is over, every second (tests call `sweepNow()`). */
  sweeper: CartSweeper;
  /** Claims live comments stored but never claimed, at start and every 2 s (tests call `sweepNow()`). */
  comments: CommentSweeper;
  /** Reads the comments of live sessions' videos every few seconds, the webhooks' backstop (tests call `pollNow()`). */
  poller: CommentPoller;
  /** Brings the Shoppers list's figures up to date every 5 s (lists do it for themselves too). */
  shopperFigures: ShopperFiguresSweeper;
  /** Renews and ends sellers' subscriptions every minute (tests call `tickNow(now)`); null where billing is unavailable. */
  subscriptionClock: SubscriptionClock | null;
  /** Closes each Paris month's billing, hourly (not under NODE_ENV=test unless `billing: true`; tests call `runNow()`). */
  billing: BillingScheduler;
  /** Syncs the sellers' shops every second: the live's stock, notifications, orders, reconciliation (tests call `runNow()`). */
  shopSync: ShopSyncWorker;
  close(): Promise<void>;
}

/**
 * Opens the database (migrated, reference data seeded), builds the app and its outbox worker, and
 * starts the cart and comment sweepers and the comment poller (not under NODE_ENV=test unless `sweeper: true`: tests
 * sweep by hand).
 */
export async function createRuntime(
  config: Config,
  opts: { sweeper?: boolean; billing?: boolean } = {},
): Promise<Runtime> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    afterMigrate: seedReference,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    keep: mailboxMailer(database.db),
  });
  const events = new LiveEventHub(database);
  const deps: Deps = { config, database, mailer, storage: localStorage(config.filesDir), events };
  const app = await buildApp(deps);
  await events.start(app.log);
  const worker = new OutboxWorker(database, outboxHandlers(deps), app.log as FastifyBaseLogger);
  const sweeper = new CartSweeper(database, config, app.log as FastifyBaseLogger);
  const comments = new CommentSweeper(database, config, app.log as FastifyBaseLogger);
  const poller = new CommentPoller(database, config, app.log as FastifyBaseLogger);
  const shopperFigures = new ShopperFiguresSweeper(database.db, app.log as FastifyBaseLogger);
  const subscriptionClock = subscriptionClockOf(deps, app.log as FastifyBaseLogger);
  const log = app.log as FastifyBaseLogger;
  const billing = new BillingScheduler(() => billingRunDeps(deps, log), log);
  const shopSync = new ShopSyncWorker(database, config, log);
  if (opts.sweeper ?? config.env !== 'test') {
    sweeper.start();
    comments.start();
    poller.start();
    shopperFigures.start();
    subscriptionClock?.start();
    shopSync.start();
  }
  // Never with the sandbox in production: no money would move (billingAvailable).
  if (opts.billing ?? (config.env !== 'test' && billingAvailable(config))) billing.start();
  return {
    app,
    deps,
    worker,
    sweeper,
    comments,
    poller,
    shopperFigures,
    subscriptionClock,
    billing,
    shopSync,
    async close() {
      await shopSync.stop();
      await subscriptionClock?.stop();
      await billing.stop();
      await sweeper.stop();
      await comments.stop();
      await poller.stop();
      await shopperFigures.stop();
      await worker.stop();
      await events.stop();
      await app.close();
      await mailer.close();
      await database.close();
    },
  };
}

/** The subscriptions' clock, or null where sellers cannot be billed (the sandbox in production). */
function subscriptionClockOf(deps: Deps, log: FastifyBaseLogger): SubscriptionClock | null {
  try {
    return new SubscriptionClock(billingEnvOf(deps, log), log);
  } catch (err) {
    log.warn({ err }, 'billing unavailable: subscriptions are not renewed by this process');
    return null;
  }
}
