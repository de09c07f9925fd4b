// The browser's bootstrap configuration: GET /api/config, fetched once before anything renders.

export interface AppConfig {
  /** OIDC issuer the browser signs in with */
  issuer: string;
  /** the browser app's client id at that issuer */
  clientId: string;
  /** product version of the server build */
  version: string;
  /** set with an external issuer: its account page, where people change their personal
   * information and password (the embedded issuer's endpoints do not exist there) */
  accountUrl?: string;
}

/** only a web address may be opened from the user menu */
const webAddress = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol) ? value : undefined;
  } catch {
    return undefined;
  }
};

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
    ...(webAddress(v.accountUrl) ? { accountUrl: webAddress(v.accountUrl) } : {}),
  };
}

export async function fetchAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return parseAppConfig(await response.json());
}
