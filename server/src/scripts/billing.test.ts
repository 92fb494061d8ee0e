import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastTrial, planCharge, sale } from '../../test/billing-fixtures.ts';
import { makeSeller, startTestApp } from '../../test/helpers.ts';
import { billingRunDeps } from '../modules/plans/billing-run.ts';
import type { Runtime } from '../runtime.ts';
import { billingCommand, parseBillingArgs } from './billing.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const APRIL = new Date('2026-04-02T08:00:00Z');

describe('npm run billing', () => {
  it('reads --month and --seller, and refuses a month that is not over', () => {
    expect(parseBillingArgs(['--month', '2026-03'], APRIL)).toEqual({ month: '2026-03' });
    expect(parseBillingArgs(['--month', '2026-03', '--seller', '12'], APRIL)).toEqual({
      month: '2026-03',
      sellerId: 12,
    });
    expect(parseBillingArgs([], APRIL)).toEqual({
      error: 'Usage: npm run billing -- --month YYYY-MM [--seller ID]',
    });
    expect(parseBillingArgs(['--month', '2026-13'], APRIL)).toHaveProperty('error');
    expect(parseBillingArgs(['--month', '2026-04'], APRIL)).toEqual({
      error: 'The month 2026-04 is not over yet: only a closed month is billed.',
    });
    expect(parseBillingArgs(['--month', '2026-03', '--seller', 'x'], APRIL)).toEqual({
      error: 'Not a seller id: x',
    });
  });

  it('bills a closed month, one line per seller and a summary; run again, it bills nothing twice', async () => {
    const seller = await makeSeller(rt);
    await pastTrial(rt, seller.id);
    await planCharge(rt, seller.id, '2026-03-01T09:00:00Z');
    await sale(rt, seller.id, 200_00, '2026-03-15T10:00:00Z');
    const lines: string[] = [];
    const deps = billingRunDeps(rt.deps);
    const ok = await billingCommand(
      deps,
      { month: '2026-03', sellerId: seller.id },
      (l) => lines.push(l),
      APRIL,
    );
    expect(ok).toBe(true);
    // 49 € + 10 € (5 % of 200 €) + 11,80 € VAT; no card on file: to be paid.
    expect(lines[0]).toMatch(new RegExp(`^seller ${seller.id}: LC-2026-\\d{6} €70\\.80 \\(open\\)$`));
    expect(lines[1]).toBe('2026-03: 1 seller(s), 1 invoice(s) for €70.80');
    const again: string[] = [];
    await billingCommand(deps, { month: '2026-03', sellerId: seller.id }, (l) => again.push(l), APRIL);
    expect(again[0]).toMatch(new RegExp(`^seller ${seller.id}: already billed \\(LC-2026-\\d{6}\\)$`));
    expect(again[1]).toBe('2026-03: 1 seller(s), 0 invoice(s) for €0.00');
  });

  it('the command refuses the month in progress before opening anything', async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/scripts/billing.ts', '--month', '2099-01'],
      {
        cwd: new URL('../..', import.meta.url).pathname,
        env: { ...process.env, DATA_DIR: '/nonexistent-livecart-dir' },
      },
    );
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The month 2099-01 is not over yet'),
    });
  });
});
