// Starts the server: connect, migrate, optionally seed an empty database, listen. The entry
// points live outside src/ (scripts/serve.ts seeds the demo from fixtures/; product code never
// imports fixtures/, so faker stays out of what the server needs).
import type { Db } from './db/connect';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { authConfig } from './auth';
import { serverConfig } from './config';
import { startJobs } from './jobs';
import type { Mailer } from './http/mail';

export interface ServeOptions {
  /** fills an empty database (the demo companies); answers whether it wrote anything */
  seed?: (db: Db) => Promise<boolean>;
  /** printed once ready: how to sign in */
  signIn?: { email: string; password: string };
  /** printed once ready, e.g. a warning that the demo accounts exist */
  banner?: string;
  /** where e-mail goes (default: the server log) */
  mailer?: Mailer;
}

export async function serve(options: ServeOptions = {}): Promise<void> {
  const started = performance.now();
  const config = serverConfig();
  const database = await connect({ url: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database.db);
  const seeded = options.seed ? await options.seed(database.db) : false;
  const app = await buildApp({
    ...config,
    database,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    // errors (each internal error with its request id) and refused tokens (why, never the token)
    // always; the request log with LOG_LEVEL=info
    logger: { level: process.env.LOG_LEVEL || 'warn' },
  });
  await app.listen({ port: config.port, host: config.host });
  // background jobs (recurring transactions) on the same database, stopped before it closes
  const jobs = await startJobs(database);

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Distillery app ready in ${Math.round(performance.now() - started)} ms: ${config.publicOrigin}`);
  console.log(`  database: ${where}${applied.length ? `, applied ${applied.join(', ')}` : ''}`);
  if (seeded) console.log('  seeded the demo companies');
  // the demo password signs in at the embedded issuer only; an external one has its own users
  const { embedded, issuer } = authConfig(config.publicOrigin);
  if (options.signIn && embedded) console.log(`  sign in as ${options.signIn.email} / ${options.signIn.password}`);
  if (!embedded) console.log(`  sign-in: ${issuer} (OIDC_ISSUER); people are invited in the app by e-mail`);
  if (options.banner) console.log(options.banner);

  const stop = async () => {
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
