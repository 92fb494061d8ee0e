import { describe, expect, it } from 'vitest';

/*
 * What a signed-in user's first screen (the back office's frame and the dashboard) imports from
 * the contract must not bring zod: its schemas are built when their module loads, so importing a
 * plain function from a module with schemas puts zod into the first load.
 */

const contract = import.meta.glob<string>('../../../../contract/src/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const firstScreen = import.meta.glob<string>(
  [
    './*.{ts,tsx}',
    '../../features/dashboard/*.{ts,tsx}',
    '../../features/auth/WelcomeNotice.tsx',
    '../../features/plans/GraceBanner.tsx',
    '../../features/sellers/ImpersonationBanner.tsx',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** The modules a source loads when it runs: its imports and re-exports, type-only ones left out. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)'/gms)) {
    if (m[2]) continue;
    const names = /\{([^}]*)\}/.exec(m[3]);
    const onlyTypes =
      names !== null &&
      !m[3].replace(names[0], '').replace(/[\s,]/g, '') &&
      names[1]
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (!onlyTypes) found.push(m[4]);
  }
  return found;
}

const contractFile = (name: string) => `../../../../contract/src/${name.replace(/\.ts$/, '')}.ts`;

/** Whether loading contract module `file` loads zod, through its own imports or theirs. */
function bringsZod(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  return runtimeImports(contract[file] ?? '').some(
    (spec) => spec === 'zod' || (spec.startsWith('./') && bringsZod(contractFile(spec.slice(2)), seen)),
  );
}

describe("the back office's first screen", () => {
  it('imports from the contract only modules without zod', () => {
    expect(bringsZod(contractFile('user'))).toBe(true);
    expect(bringsZod(contractFile('email'))).toBe(false);
    const withZod: string[] = [];
    for (const [file, source] of Object.entries(firstScreen)) {
      if (file.includes('.test.')) continue;
      for (const spec of runtimeImports(source)) {
        const name = /^@livecart\/contract\/(.+)$/.exec(spec)?.[1];
        if (name && bringsZod(contractFile(name))) withZod.push(`${file} → ${spec}`);
      }
    }
    expect(Object.keys(firstScreen).length).toBeGreaterThan(10);
    expect(withZod).toEqual([]);
  });
});
