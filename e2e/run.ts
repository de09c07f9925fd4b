// npm run test:e2e: get Chromium (Debian's package), build the app, start a server on a fresh
// demo database, run the specs in e2e/ against it, stop it. E2e tests never skip silently:
// without a browser this fails and says how to get one.
import { randomBytes } from 'node:crypto';
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM } from './browser';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3199);

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('e2e: installing Debian chromium…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `e2e: Chromium is missing at ${CHROMIUM}. Install it with 'sudo apt-get install chromium' (or set CHROMIUM_PATH) and run again.`,
    );
    process.exit(1);
  }
}

// a private build folder: a developer's own dist/ (and a server serving it) stays untouched
const clientDir = mkdtempSync(path.join(tmpdir(), 'e2e-dist-'));
execSync(`npx vite build --logLevel warn --outDir ${clientDir} --emptyOutDir`, { cwd: root, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
// the server's outgoing mail (invitation links), one JSON object a line, for the specs to read
const mailFile = path.join(dataDir, 'mail.jsonl');
// accounting points at the QuickBooks stand-in e2e/integrations.spec.ts starts on the next port
// (tests/standins/quickbooks.ts); the spec reads the same settings from its environment
const standIn = `http://127.0.0.1:${port + 1}`;
const integrations = {
  INTEGRATIONS_KEY: randomBytes(32).toString('base64'),
  QBO_CLIENT_ID: 'standin-client',
  QBO_CLIENT_SECRET: 'standin-secret',
  QBO_OAUTH_BASE_URL: standIn,
  QBO_API_BASE_URL: standIn,
};
Object.assign(process.env, integrations);
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
  cwd: root,
  env: {
    ...process.env,
    ...integrations,
    PORT: String(port),
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    DATABASE_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SEED_DEMO: '1', // the specs sign in as the demo users
    MAIL_FILE: mailFile,
    // a setup video id (spec 7: embedded by its id): the wizard shows its frame (setup.spec)
    HELP_VIDEOS: '{"setup":"a1B2c3D4e5F"}',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(clientDir, { recursive: true, force: true });
};

let code = 1;
try {
  // the first start migrates and seeds the demo companies
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('e2e: the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const args = process.argv.slice(2);
  const vitest = spawn('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...args], {
    cwd: root,
    env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${port}`, E2E_MAIL_FILE: mailFile },
    stdio: 'inherit',
  });
  code = await new Promise<number>((resolve) => vitest.once('exit', (c) => resolve(c ?? 1)));
} finally {
  stop();
}
process.exit(code);
