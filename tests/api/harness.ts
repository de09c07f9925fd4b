// An API under test: real Fastify app, real migrations, real JWT checks (with a key made for
// the test run instead of the embedded issuer's), on PGlite in memory or, when
// TEST_DATABASE_URL is set, on a fresh PostgreSQL database dropped afterwards.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, jwtVerify } from 'jose';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { connect, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { buildApp, type AppOptions } from '../../src/server/app';
import { companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { UnauthorizedError } from '../../src/server/auth';
import { graphqlPathOf, type StaffService } from '../../src/shared/services';

export const ISSUER = 'https://issuer.test';
export const AUDIENCE = 'urn:distillery:api';

export type Backend = 'pglite' | 'postgres';
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApi {
  app: FastifyInstance;
  database: Database;
  token: (userId: string, options?: { expiresIn?: string; audience?: string }) => Promise<string>;
  gql: <T = Record<string, unknown>>(
    companyId: string,
    query: string,
    variables?: Record<string, unknown>,
    auth?: string | null,
    /** the service whose endpoint is called (spec 7); main when absent */
    service?: StaffService,
  ) => Promise<{
    status: number;
    body: { data?: T; errors?: { message: string; extensions: { code: string; info: Record<string, unknown> } }[] };
  }>;
  close: () => Promise<void>;
}

async function freshDatabase(backend: Backend): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    const database = await connect({});
    return { database, drop: async () => undefined };
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `distill_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await connect({ url: url.toString() });
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** `appOptions` adds to or replaces the app's options (a logger, a files folder…). */
export async function startApi(backend: Backend = 'pglite', appOptions: Partial<AppOptions> = {}): Promise<TestApi> {
  const { database, drop } = await freshDatabase(backend);
  await migrate(database.db);
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  void exportJWK;
  const verifyToken = async (header: string | undefined) => {
    const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    if (!token) throw new UnauthorizedError('no token');
    try {
      const { payload } = await jwtVerify(token, publicKey, { issuer: ISSUER, audience: AUDIENCE });
      return { sub: String(payload.sub), email: payload.email as string | undefined };
    } catch {
      throw new UnauthorizedError('bad token');
    }
  };
  const app = await buildApp({
    database,
    publicOrigin: 'http://localhost:0',
    filesDir: mkdtempSync(path.join(tmpdir(), 'distill-files-')),
    verifyToken,
    ...appOptions,
  });
  await app.ready();
  const token = (userId: string, options: { expiresIn?: string; audience?: string } = {}) =>
    new SignJWT({ email: `${userId}@example.test` })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(options.audience ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(privateKey);
  const gql: TestApi['gql'] = async (companyId, query, variables, auth, service = 'main') => {
    const res = await app.inject({
      method: 'POST',
      url: graphqlPathOf(service, companyId),
      headers: auth === null ? {} : { authorization: `Bearer ${auth}` },
      payload: { query, variables },
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    app,
    database,
    token,
    gql,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** A user and a company they belong to with the given permissions. */
export async function makeMember(api: TestApi, permissions: string[], companyName = `Co ${randomUUID().slice(0, 6)}`) {
  const { db } = api.database;
  const [user] = await db
    .insert(userTable)
    .values({ email: `${randomUUID()}@example.test`, name: 'Test user' })
    .returning({ id: userTable.id });
  const [company] = await db.insert(companyTable).values({ name: companyName }).returning({ id: companyTable.id });
  await db.insert(membershipTable).values({ companyId: company.id, user: user.id, permissions });
  return { userId: user.id, companyId: company.id, token: await api.token(user.id) };
}

export const EVERYTHING = ['selling', 'buying', 'production', 'inventory', 'config']
  .flatMap((p) => [`${p}.read`, `${p}.write`])
  .concat('values');
