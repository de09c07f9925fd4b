import path from 'node:path';

/** A positive number of seconds from the environment, at most `most` (Node's timers take a
 * larger value as 1 ms), else the default. */
function secondsOf(text: string | undefined, fallback: number, most: number): number {
  const seconds = Number(text);
  return text && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, most) : fallback;
}

/** The server's settings, from the environment (README lists them). */
export function serverConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 3000);
  // localhost only unless HOST says otherwise (a deployment behind a proxy or in a container sets it)
  const host = env.HOST || '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicOrigin: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    filesDir: path.join(dataDir, 'files'),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    // integrations (README "Integrations"): the key that seals their tokens, and QuickBooks
    // Online's app credentials; the base URLs point the connector at a stand-in in tests
    integrationsKey: env.INTEGRATIONS_KEY || undefined,
    // how long a call to another system (its API or its sign-in service) waits for an answer
    // before it counts as no answer, which the job retries later
    integrationCallTimeoutMs: secondsOf(env.INTEGRATIONS_CALL_TIMEOUT_SECONDS, 30, 600) * 1000,
    quickbooks: {
      clientId: env.QBO_CLIENT_ID || undefined,
      clientSecret: env.QBO_CLIENT_SECRET || undefined,
      environment: env.QBO_ENVIRONMENT === 'sandbox' ? ('sandbox' as const) : ('production' as const),
      oauthBaseUrl: env.QBO_OAUTH_BASE_URL?.replace(/\/+$/, '') || undefined,
      apiBaseUrl: env.QBO_API_BASE_URL?.replace(/\/+$/, '') || undefined,
    },
  };
}
