// Issue 10 point 14: signing out with an external issuer. An issuer that issues JWT access
// tokens refuses to revoke them ('Structured JWT Tokens cannot be revoked'); the refresh token
// must be revoked all the same, and the end-session endpoint still told that the session ended.
import { describe, expect, it } from 'vitest';
import { OidcSession } from '../../src/app/auth/oidc';
import { parseAppConfig } from '../../src/app/config';

function sessionWith(revoke: (type: string) => void) {
  const calls: string[] = [];
  const user = { access_token: 'at', refresh_token: 'rt', id_token: 'it' };
  const manager = {
    getUser: async () => user,
    revokeTokens: async (types: string[]) => {
      for (const type of types) {
        calls.push(`revoke ${type}`);
        revoke(type);
      }
    },
    signoutRedirect: async (args: { id_token_hint?: string }) => {
      calls.push(`end session ${args.id_token_hint}`);
    },
    removeUser: async () => {
      calls.push('forget user');
    },
  };
  // the session's own logic over a stand-in for oidc-client-ts's UserManager
  const session = Object.assign(Object.create(OidcSession.prototype) as OidcSession, { manager });
  return { session, calls };
}

describe('sign-out', () => {
  it('revokes the refresh token even when the issuer refuses to revoke a JWT access token', async () => {
    const { session, calls } = sessionWith((type) => {
      if (type === 'access_token') throw new Error('Structured JWT Tokens cannot be revoked');
    });
    await session.signOut();
    expect(calls).toEqual(['revoke refresh_token', 'revoke access_token', 'end session it']);
  });

  it('still ends the session at the issuer when revocation fails altogether', async () => {
    const { session, calls } = sessionWith(() => {
      throw new Error('revocation endpoint unreachable');
    });
    await session.signOut();
    expect(calls).toEqual(['revoke refresh_token', 'revoke access_token', 'end session it']);
  });
});

describe('the account page of an external issuer', () => {
  const base = { issuer: 'https://id.example.test/', clientId: 'app' };
  it('is read from /api/config when it is a web address', () => {
    expect(parseAppConfig({ ...base, accountUrl: 'https://id.example.test/account' }).accountUrl).toBe(
      'https://id.example.test/account',
    );
  });
  it('is absent with the embedded issuer, and never a script address', () => {
    expect(parseAppConfig(base).accountUrl).toBeUndefined();
    expect(parseAppConfig({ ...base, accountUrl: 'javascript:alert(1)' }).accountUrl).toBeUndefined();
    expect(parseAppConfig({ ...base, accountUrl: 'not a url' }).accountUrl).toBeUndefined();
  });
});
