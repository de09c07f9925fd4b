import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/** A request without a valid access token. Routes answer 401 and the app signs in again; the
 * message says why for the server log only (it never names the token nor reaches the client). */
export class UnauthorizedError extends Error {
  readonly statusCode = 401;
  constructor(message = 'Unauthorized', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnauthorizedError';
  }
  /** a refusal an operator should see (a misconfigured issuer, a user who is not known)
   * rather than the everyday ones: no token yet, or one that has expired */
  get noteworthy(): boolean {
    return !/^(Missing bearer token|Access token expired)/.test(this.message);
  }
}

/** Why jose refused a token, in words an operator can act on (no claim values of the token). */
function refusal(cause: InstanceType<typeof joseErrors.JOSEError>, options: TokenVerifierOptions): string {
  if (cause instanceof joseErrors.JWTExpired) return 'Access token expired';
  if (cause instanceof joseErrors.JWTClaimValidationFailed) {
    if (cause.claim === 'aud') return `Access token audience is not "${options.audience}" (OIDC_AUDIENCE)`;
    if (cause.claim === 'iss') return `Access token issuer is not "${options.issuer}" (OIDC_ISSUER)`;
    return `Access token claim "${cause.claim}" refused: ${cause.reason}`;
  }
  if (cause instanceof joseErrors.JWSSignatureVerificationFailed) return 'Access token signature does not verify';
  if (cause instanceof joseErrors.JWKSNoMatchingKey)
    return "Access token signed with a key the issuer's JWKS does not hold";
  if (cause instanceof joseErrors.JOSEAlgNotAllowed) return 'Access token signed with an algorithm not allowed';
  return `Invalid access token (${cause.code})`;
}

export interface TokenVerifierOptions {
  /** the issuer identifier, compared exactly with the token's iss */
  issuer: string;
  /** the audience the token must carry (our API) */
  audience: string;
  /** JWKS of an external issuer; when absent, read from the issuer's discovery document */
  jwksUrl?: string;
  /** keys of the embedded issuer, read without an HTTP round trip to ourselves */
  localJwks?: () => Promise<JSONWebKeySet>;
}

export interface VerifiedToken {
  sub: string;
  email?: string;
}

export type TokenVerifier = (authorizationHeader: string | undefined) => Promise<VerifiedToken>;

/** A token may say it was issued this far ahead of our clock (clock drift between servers). */
export const MAX_IAT_AHEAD_SECONDS = 60;

/** Only asymmetric algorithms: a symmetric one would let anyone holding the public key sign. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

async function discoverJwksUrl(issuer: string): Promise<string> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery of ${issuer} failed: HTTP ${response.status}`);
  const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
  if (!jwksUri) throw new Error(`OIDC discovery of ${issuer} has no jwks_uri`);
  return jwksUri;
}

/**
 * Keys of the embedded issuer, cached in memory. A token signed with a kid we do not know yet
 * (keys rotated by another server process) triggers one reload, at most every 30 seconds.
 */
function cachedLocalKeys(load: () => Promise<JSONWebKeySet>): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  let loadedAt = 0;
  const reload = () => {
    loadedAt = Date.now();
    keySet = load().then(createLocalJWKSet);
    keySet.catch(() => (keySet = undefined));
    return keySet;
  };
  return async (header, token) => {
    const current = await (keySet ?? reload());
    try {
      return await current(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - loadedAt < 30_000) throw error;
      return (await reload())(header, token);
    }
  };
}

function remoteKeys(issuer: string, jwksUrl: string | undefined): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    keySet ??= (jwksUrl ? Promise.resolve(jwksUrl) : discoverJwksUrl(issuer)).then((url) =>
      createRemoteJWKSet(new URL(url)),
    );
    keySet.catch(() => (keySet = undefined)); // a failed discovery is retried on the next call
    return (await keySet)(header, token);
  };
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys = options.localJwks ? cachedLocalKeys(options.localJwks) : remoteKeys(options.issuer, options.jwksUrl);

  return async (authorizationHeader) => {
    const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*) *$/i.exec(authorizationHeader ?? '');
    if (!match)
      throw new UnauthorizedError(authorizationHeader ? 'Malformed Authorization header' : 'Missing bearer token');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(match[1], keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (cause) {
      if (cause instanceof joseErrors.JOSEError) throw new UnauthorizedError(refusal(cause, options), { cause });
      throw cause; // the key source is unreachable: a server fault, not the caller's
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new UnauthorizedError('Token has no subject');
    // a token from the future was minted with a wrong clock or to outlive its expiry; jose checks
    // iat only together with a maximum age, so the rule is ours
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + MAX_IAT_AHEAD_SECONDS)
      throw new UnauthorizedError('Token issued in the future');
    return { sub: payload.sub, ...(typeof payload.email === 'string' ? { email: payload.email } : {}) };
  };
}

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Logs why a request's token was refused (the client is only told to sign in again): what an
 * operator must fix at warn, the everyday expiries at info, a fault of the key source at error. */
export function logRefusal(log: Log, error: unknown): void {
  if (!(error instanceof UnauthorizedError)) log.error({ err: error }, 'access token could not be checked');
  else if (error.noteworthy) log.warn({ reason: error.message }, 'access token refused');
  else log.info({ reason: error.message }, 'access token refused');
}
