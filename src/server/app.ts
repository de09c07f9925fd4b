// The one Fastify server: app (static SPA), GraphQL API, file downloads and the embedded
// authorization server, all on one port.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/connect';
import {
  authConfig,
  createApiTokenVerifier,
  logRefusal,
  registerAuthServer,
  UnauthorizedError,
  type TokenVerifier,
} from './auth';
import { assertAccess, clientOf, grantOf } from './auth/access';
import { featuresOf, membershipOf } from './domain/company/companies';
import { registerGraphql } from './graphql/plugin';
import { FileStore } from './http/files';
import { logMailer, type Mailer } from './http/mail';
import { PRODUCT_VERSION, VERSION_HEADER } from './version';
import { findUserByEmail } from './auth/accounts';
import { registerPageHandling } from './http/pages';
import { registerSignupRoutes } from './domain/company/signupRoutes';
import { registerIntegrationRoutes } from './domain/integrations';
import { registerPortalGraphql } from './graphql/portalPlugin';
import { PORTAL_CLIENT_ID } from './auth/constants';

export interface AppOptions {
  database: Database;
  /** e.g. http://localhost:3000: the issuer and redirect URIs are built from it */
  publicOrigin: string;
  /** where generated files go */
  filesDir: string;
  /** the built SPA; not served when absent (API tests) */
  clientDir?: string;
  /** tests may verify tokens signed with their own key */
  verifyToken?: TokenVerifier;
  /** true: the request log at LOG_LEVEL (default info); or pino options (level, stream); absent
   * or false: no log at all (tests) */
  logger?: FastifyServerOptions['logger'];
  /** outgoing e-mail (invitations); by default each message is written to the log */
  mailer?: Mailer;
  /** how often expired export files are deleted (default every 10 minutes) */
  purgeIntervalMs?: number;
}

/** Largest request body: a document of MAX_LINES lines fits many times over; a 1 MB search
 * string or a flood of ids does not get this far. */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === true ? { level: process.env.LOG_LEVEL ?? 'info' } : (options.logger ?? false),
    bodyLimit: BODY_LIMIT,
    // internal errors are logged and answered with this id: unique across servers and restarts
    genReqId: () => randomUUID(),
    // before a company is chosen the client asks `companies` at /graphql: it runs with no
    // company, so only @signedIn fields (the user's own data) can answer there
    rewriteUrl: (request) =>
      request.url === '/graphql' || request.url?.startsWith('/graphql?')
        ? request.url.replace('/graphql', '/graphql/none')
        : request.url!,
  });
  const { db } = options.database;
  const publicOrigin = options.publicOrigin.replace(/\/+$/, '');
  const config = authConfig(publicOrigin);
  const verify = options.verifyToken ?? createApiTokenVerifier({ db, publicOrigin });
  const files = new FileStore(options.filesDir);
  const stopPurging = files.purgeEvery(options.purgeIntervalMs ?? 10 * 60 * 1000);
  app.addHook('onClose', async () => stopPurging());

  /** The embedded issuer's subject is our user id; an external issuer's user is found by e-mail.
   * Every request then checks that the user is still active and, for the embedded issuer's
   * tokens, that their grant is still live (not signed out, revoked or ended by a password
   * change): a token stops working at once, not when it expires. */
  const resolvePerson = async (authorization: string | undefined, service: 'app' | 'portal') => {
    const token = await verify(authorization);
    // a customer portal token opens the portal's endpoint only (issue 18)
    if (service === 'app' && clientOf(authorization) === PORTAL_CLIENT_ID)
      throw new UnauthorizedError("A customer portal token does not open the app's API");
    const ours = config.embedded || !!options.verifyToken;
    if (!ours && !token.email)
      throw new UnauthorizedError('Access token has no e-mail claim: the issuer must put it in access tokens');
    const userId = ours ? token.sub : (await findUserByEmail(db, token.email!))?.id;
    // the e-mail stays out of the log: it is personal data
    if (!userId) throw new UnauthorizedError("No user has the access token's e-mail: invite the person in the app");
    await assertAccess(db, userId, grantOf(authorization), { requireGrant: config.embedded && !options.verifyToken });
    return userId;
  };
  const resolveUser = (authorization: string | undefined) => resolvePerson(authorization, 'app');

  app.addHook('onSend', async (_request, reply) => {
    reply.header(VERSION_HEADER, PRODUCT_VERSION);
  });
  await registerPageHandling(app, { publicOrigin, issuer: config.issuer });

  app.get('/api/config', async () => ({
    issuer: config.issuer,
    clientId: config.clientId,
    version: PRODUCT_VERSION,
    // an external issuer: Personal information and Change password send people to its page
    ...(config.accountUrl ? { accountUrl: config.accountUrl } : {}),
  }));

  app.get('/api/health', async () => ({ ok: true }));

  app.get<{ Params: { companyId: string; file: string } }>(
    '/files/exports/:companyId/:file',
    async (request, reply) => {
      let userId: string;
      try {
        userId = await resolveUser(request.headers.authorization);
      } catch (error) {
        logRefusal(request.log, error);
        return reply.code(401).send({ message: 'Sign in again' });
      }
      // the URL works only while its owner may still export from the company
      const { companyId } = request.params;
      const member = await membershipOf(db, userId, companyId);
      if (!member || !(await featuresOf(db, companyId)).allowCSVExport)
        return reply.code(404).send({ message: 'File not found' });
      const content = await files.read(companyId, userId, request.params.file);
      if (!content) return reply.code(404).send({ message: 'File not found' });
      const name = request.params.file.slice(37);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  );

  await registerAuthServer(app, { db, publicOrigin });
  const mail = options.mailer ?? logMailer(app.log);
  await registerGraphql(app, { db, files, resolveUser, mail, publicOrigin });
  await registerSignupRoutes(app, { db, mail, publicOrigin, enabled: config.embedded });
  await registerIntegrationRoutes(app, { db, publicOrigin });
  await registerPortalGraphql(app, { db, resolveUser: (authorization) => resolvePerson(authorization, 'portal') });

  if (options.clientDir && existsSync(path.join(options.clientDir, 'index.html'))) {
    // read per request (they are small and the OS caches them): a rebuild while the server runs
    // must not leave it serving a page that names assets which no longer exist
    const indexFile = path.join(options.clientDir, 'index.html');
    // the customer portal is its own small app (portal.html, issue 18) at /portal and /portal/…
    const portalFile = path.join(options.clientDir, 'portal.html');
    await app.register(fastifyStatic, { root: options.clientDir, wildcard: false, index: false });
    // real browser paths (/sales/customers) reload into the app; API paths stay 404
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0];
      const apiPath = /^\/(graphql|oidc|api|files|(portal|ecommerce|pointofsale)\/graphql)(\/|$)/.test(pathname);
      if (request.method !== 'GET' || apiPath) return reply.code(404).send({ message: 'Not found' });
      const asset = /\.[a-z0-9]+$/i.test(pathname);
      if (asset) return reply.code(404).send({ message: 'Not found' });
      const portal = /^\/portal(\/|$)/.test(pathname);
      if (portal && !existsSync(portalFile)) return reply.code(404).send({ message: 'Not found' });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(readFileSync(portal ? portalFile : indexFile));
    });
  }
  return app;
}
