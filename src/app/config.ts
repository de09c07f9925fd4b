// The browser's bootstrap configuration: GET /api/config, fetched once before anything renders.

export interface AppConfig {
  /** OIDC issuer the browser signs in with */
  issuer: string;
  /** the browser app's client id at that issuer */
  clientId: string;
  /** product version of the server build */
  version: string;
}

export function parseAppConfig(value: unknown): AppConfig {
  const v = value as Partial<Record<keyof AppConfig, unknown>> | null;
  if (!v || typeof v !== 'object') throw new Error('GET /api/config: expected a JSON object');
  for (const key of ['issuer', 'clientId'] as const) {
    if (typeof v[key] !== 'string' || !v[key]) throw new Error(`GET /api/config: missing "${key}"`);
  }
  return {
    issuer: v.issuer as string,
    clientId: v.clientId as string,
    version: typeof v.version === 'string' ? v.version : '',
  };
}

export async function fetchAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return parseAppConfig(await response.json());
}
