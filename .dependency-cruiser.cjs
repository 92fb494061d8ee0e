/**
 * Module boundaries, checked by `npm run lint:deps` (part of `npm test`). A module owns the tables
 * of its `tables.ts` (docs/architecture.md): other code reaches them through its services, never
 * by importing them. Table definitions may import other tables for their foreign keys.
 */
const MODULE_TABLES = '^server/src/(modules/[^/]+|jobs)/tables\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-foreign-tables',
      comment:
        "A module's code imports its own tables only; another module's data goes through that module's services.",
      severity: 'error',
      from: { path: '^server/src/(modules/[^/]+|jobs)/', pathNot: ['tables\\.ts$', '\\.test\\.ts$'] },
      to: { path: MODULE_TABLES, pathNot: '^server/src/$1/tables\\.ts$' },
    },
    {
      name: 'no-tables-outside-modules',
      comment: 'Adapters, libraries and the app call module services, not tables.',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/(modules/[^/]+|jobs)/', '^server/src/db/', '\\.test\\.ts$'],
      },
      to: { path: MODULE_TABLES },
    },
    {
      name: 'no-schema-gathering',
      comment: 'db/schema/index.ts gathers every table for drizzle-kit and the client only.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['^server/src/db/', '\\.test\\.ts$'] },
      to: { path: '^server/src/db/schema/' },
    },
    {
      name: 'no-web-to-server',
      comment: 'The web app imports the contract, never the server.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'no-server-to-web',
      severity: 'error',
      from: { path: '^(server|contract)/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
