import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SigninState } from 'oidc-client-ts';
import { PKCE_LENGTH, randomVerifier } from '../../src/app/auth/pkce';

describe('PKCE', () => {
  it('makes 128-character verifiers of unreserved characters, all different', () => {
    const a = randomVerifier();
    expect(a).toHaveLength(PKCE_LENGTH);
    expect(a).toMatch(/^[A-Za-z0-9._~-]{128}$/);
    expect(randomVerifier()).not.toBe(a);
  });

  it('is what oidc-client-ts signs in with, challenged by its SHA-256', async () => {
    const state = await SigninState.create({
      code_verifier: true,
      authority: 'https://issuer.test',
      client_id: 'distillery-web',
      redirect_uri: 'https://app.test/login',
      scope: 'openid',
      request_type: 'si:r',
    } as Parameters<typeof SigninState.create>[0]);
    expect(state.code_verifier).toHaveLength(128);
    const challenge = createHash('sha256').update(state.code_verifier!).digest('base64url');
    expect(state.code_challenge).toBe(challenge);
  });
});
