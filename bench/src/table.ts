export interface Row {
  case: string;
  n: number;
  productMs: number;
  baselineMs: number;
  note?: string;
}

/** Times `n` sequential runs of `fn`, after a short warm-up; returns milliseconds per run. */
export async function timePerRun(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, n); i++) await fn(i);
  const start = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  return (performance.now() - start) / n;
}

/** Prints `rows` as a Markdown table; `labels` names the two time columns when they are not means. */
export function printTable(title: string, rows: Row[], labels: { product?: string; baseline?: string } = {}) {
  const header = [
    'case',
    'runs',
    labels.product ?? 'product ms/run',
    labels.baseline ?? 'baseline ms/run',
    'ratio',
    'note',
  ];
  const body = rows.map((r) => [
    r.case,
    String(r.n),
    r.productMs.toFixed(3),
    r.baselineMs.toFixed(3),
    `${(r.productMs / r.baselineMs).toFixed(2)}×`,
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log('');
}
