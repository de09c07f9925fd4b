// Issue 10 point 14: the server says in its log why it refused an access token (audience,
// issuer, expiry, signature), and the log never holds the token itself.
import { describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createTokenVerifier, logRefusal, UnauthorizedError } from '../../src/server/auth/verify';

const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'https://distillery.example.test/api';

describe('refused access tokens', async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, localJwks: async () => ({ keys: [jwk] }) });
  const sign = (claims: { aud?: string; iss?: string; exp?: number }) =>
    new SignJWT({ email: 'person@example.test' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('ext-1')
      .setIssuer(claims.iss ?? ISSUER)
      .setAudience(claims.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(privateKey);
  const reasonOf = async (token: string) => {
    const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (details: object, message: string) => lines.push({ level: 'info', details: { ...details }, message }),
      warn: (details: object, message: string) => lines.push({ level: 'warn', details: { ...details }, message }),
      error: (details: object, message: string) => lines.push({ level: 'error', details: { ...details }, message }),
    };
    const error = await verify(`Bearer ${token}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnauthorizedError);
    logRefusal(log, error);
    expect(JSON.stringify(lines)).not.toContain(token);
    return lines[0];
  };

  it('accepts a good token', async () => {
    expect(await verify(`Bearer ${await sign({})}`)).toEqual({ sub: 'ext-1', email: 'person@example.test' });
  });

  it('names the audience the API expects (an issuer without a default audience)', async () => {
    const line = await reasonOf(await sign({ aud: 'account' }));
    expect(line).toEqual({
      level: 'warn',
      details: { reason: `Access token audience is not "${AUDIENCE}" (OIDC_AUDIENCE)` },
      message: 'access token refused',
    });
  });

  it('names the issuer it expects', async () => {
    const line = await reasonOf(await sign({ iss: 'https://id.example.test' }));
    expect(line.details.reason).toBe(`Access token issuer is not "${ISSUER}" (OIDC_ISSUER)`);
    expect(line.level).toBe('warn');
  });

  it('logs an expired token as routine', async () => {
    const line = await reasonOf(await sign({ exp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(line).toMatchObject({ level: 'info', details: { reason: 'Access token expired' } });
  });

  it('names a signature that does not verify', async () => {
    const token = await sign({});
    const [head, body] = token.split('.');
    const line = await reasonOf(`${head}.${body}.${'A'.repeat(342)}`);
    expect(line).toMatchObject({ level: 'warn', details: { reason: 'Access token signature does not verify' } });
  });
});
