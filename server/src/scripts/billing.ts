import { pathToFileURL } from 'node:url';
import { zMonth } from '@livecart/contract/billing';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedReference } from '../db/seed-reference.ts';
import { localStorage } from '../integrations/storage/storage.ts';
import { formatMoney } from '../modules/invoices/pdf.ts';
import { type BillingRunDeps, runBilling } from '../modules/plans/billing-run.ts';
import { billingEnvOf } from '../modules/plans/customers.ts';
import { monthClosed } from '../modules/plans/ledger.ts';

/**
 * `npm run billing -- --month YYYY-MM [--seller ID]`: the monthly billing run by hand, for every
 * seller of a closed month or one of them. A seller already billed for the month is left as it is
 * (the run is made once per seller and month, whoever starts it). Prints one line per seller and a
 * summary; exits 1 when the month is not over or a seller's run failed.
 */

export interface BillingArgs {
  month: string;
  sellerId?: number;
}

/** The arguments, or the message saying what is wrong with them. */
export function parseBillingArgs(argv: string[], now = new Date()): BillingArgs | { error: string } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const month = value('--month');
  if (!month || !zMonth().safeParse(month).success)
    return { error: 'Usage: npm run billing -- --month YYYY-MM [--seller ID]' };
  if (!monthClosed(month, now))
    return { error: `The month ${month} is not over yet: only a closed month is billed.` };
  const seller = value('--seller');
  if (seller !== undefined && !/^[1-9]\d{0,9}$/.test(seller)) return { error: `Not a seller id: ${seller}` };
  return { month, ...(seller && { sellerId: Number(seller) }) };
}

/** Runs the billing and writes its report with `print`; answers whether every seller's run went through. */
export async function billingCommand(
  deps: BillingRunDeps,
  args: BillingArgs,
  print: (line: string) => void,
  now = new Date(),
): Promise<boolean> {
  const results = await runBilling(deps, {
    month: args.month,
    now,
    ...(args.sellerId && { sellerId: args.sellerId }),
  });
  let invoiced = 0;
  let totalCents = 0;
  for (const r of results) {
    if (r.outcome === 'invoiced') {
      invoiced++;
      totalCents += r.invoice.total_cents;
      print(
        `seller ${r.sellerId}: ${r.invoice.number} ${formatMoney(r.invoice.total_cents, 'en')} (${r.invoice.status})`,
      );
    } else if (r.outcome === 'skipped') {
      print(
        `seller ${r.sellerId}: already billed${r.invoice ? ` (${r.invoice.number})` : ' (nothing to bill)'}`,
      );
    } else if (r.outcome === 'nothing') {
      print(`seller ${r.sellerId}: nothing to bill`);
    } else {
      print(`seller ${r.sellerId}: FAILED ${r.error}`);
    }
  }
  const failed = results.filter((r) => r.outcome === 'failed').length;
  print(
    `${args.month}: ${results.length} seller(s), ${invoiced} invoice(s) for ${formatMoney(totalCents, 'en')}` +
      (failed ? `, ${failed} failed (run again to retry)` : ''),
  );
  return failed === 0;
}

async function main() {
  const args = parseBillingArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    process.exit(1);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    afterMigrate: seedReference,
  });
  try {
    const ok = await billingCommand(
      {
        db: database.db,
        storage: localStorage(config.filesDir),
        provider: billingEnvOf({ config, database }).provider,
        log: { error: (obj) => console.error(obj), info: () => {} },
      },
      args,
      (line) => console.log(line),
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
