// Starts the server: connect, migrate, seed the demo companies into an empty database, listen.
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { serverConfig } from './config';
import { seedDemoIfEmpty, DEMO_SIGN_IN } from '../../fixtures/seed';

const started = performance.now();
const config = serverConfig();
const database = await connect({ url: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(database.db);
const seeded = await seedDemoIfEmpty(database.db);
const app = await buildApp({
  ...config,
  database,
  logger: process.env.LOG_LEVEL !== 'silent' && !!process.env.LOG_LEVEL,
});
await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
console.log(`Distillery app ready in ${Math.round(performance.now() - started)} ms: ${config.publicOrigin}`);
console.log(`  database: ${where}${applied.length ? `, applied ${applied.join(', ')}` : ''}`);
if (seeded) console.log('  seeded the demo companies');
console.log(`  sign in as ${DEMO_SIGN_IN.email} / ${DEMO_SIGN_IN.password}`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
