import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { authConfig } from './config';
import { registerInteractionRoutes } from './interaction-routes';
import { loadOrCreateServerKeys, loadPublicJwks } from './keys';
import { mountProvider } from './mount-provider';
import { createProvider } from './provider';
import { registerUserRoutes } from './user-routes';
import { createTokenVerifier, type TokenVerifier } from './verify';

export { authConfig, type AuthConfig } from './config';
export { API_AUDIENCE, ISSUER_PATH, PORTAL_CLIENT_ID, WEB_CLIENT_ID } from './constants';
export { hashPassword, setPassword, verifyPassword } from './passwords';
export { createTokenVerifier, logRefusal, UnauthorizedError, type TokenVerifier, type VerifiedToken } from './verify';

export interface AuthServerOptions {
  db: Db;
  /** the app's public origin, e.g. http://localhost:3000; the issuer is `${publicOrigin}/oidc` */
  publicOrigin: string;
}

/**
 * The verifier the API uses for bearer tokens: against the embedded issuer's keys read from
 * the database, or against the external issuer named by OIDC_ISSUER.
 */
export function createApiTokenVerifier({ db, publicOrigin }: AuthServerOptions): TokenVerifier {
  const config = authConfig(publicOrigin);
  return config.embedded
    ? createTokenVerifier({ issuer: config.issuer, audience: config.audience, localJwks: () => loadPublicJwks(db) })
    : createTokenVerifier({ issuer: config.issuer, audience: config.audience });
}

/**
 * Mounts the embedded OpenID Connect authorization server at `${publicOrigin}/oidc`: the
 * protocol endpoints (oidc-provider), our sign-in page and the users endpoints.
 * Does nothing when OIDC_ISSUER names an external issuer.
 */
export async function registerAuthServer(app: FastifyInstance, options: AuthServerOptions): Promise<void> {
  const publicOrigin = options.publicOrigin.replace(/\/+$/, '');
  if (!authConfig(publicOrigin).embedded) return;
  const keys = await loadOrCreateServerKeys(options.db);
  const provider = createProvider({ db: options.db, publicOrigin, keys });
  await registerInteractionRoutes(app, { db: options.db, provider, publicOrigin });
  await registerUserRoutes(app, options.db, createApiTokenVerifier({ db: options.db, publicOrigin }));
  await mountProvider(app, provider);
}
