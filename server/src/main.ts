import { ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './demo.ts';
import { createRuntime } from './runtime.ts';

/** Start: config → database (migrate, seed) → app → worker → listen. */
async function main() {
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
  const runtime = await createRuntime(config);
  const wantDemo = process.argv.includes('--demo');
  const seeded = await seedDemoData(runtime, { force: wantDemo, embedded: !config.databaseUrl });
  await runtime.worker.start();
  await runtime.app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  LiveCart is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL server' : `embedded (${config.pgliteDir})`}`,
    `  Listening on: ${config.host}:${config.port}${config.host.startsWith('127.') ? ' (this machine only; HOST opens it)' : ''}`,
    `  Mail: ${
      config.smtpUrl
        ? 'SMTP'
        : config.devMailbox
          ? `kept at ${config.publicUrl}/dev/mailbox (for this machine only)`
          : 'kept in the database table mailbox (no SMTP_URL)'
    }`,
  ];
  if (seeded || (!config.databaseUrl && config.env !== 'production')) {
    lines.push(
      '',
      '  Demo accounts (password demo1234):',
      '    admin@demo.test',
      '    seller@demo.test',
      '    buyer@demo.test',
    );
  }
  console.log(`${lines.join('\n')}\n`);
  const stop = async () => {
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
