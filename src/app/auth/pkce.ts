// Spec 7 and 9: the PKCE challenge is the SHA-256 of a random 128-character string. oidc-client-ts
// makes a 96-character verifier and offers no option, so its SigninState.create (exported,
// and what createSigninRequest calls) is given our verifier instead. RFC 7636 allows 43 to 128
// characters of [A-Za-z0-9-._~].
import { SigninState } from 'oidc-client-ts';

export const PKCE_LENGTH = 128;
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export function randomVerifier(length = PKCE_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 66 symbols: bytes from 198 up are dropped (198 = 3 × 66) so every symbol is equally likely
  let out = '';
  for (;;) {
    for (const b of bytes) if (b < 198 && out.length < length) out += UNRESERVED[b % UNRESERVED.length];
    if (out.length === length) return out;
    crypto.getRandomValues(bytes);
  }
}

type CreateArgs = Parameters<typeof SigninState.create>[0];
const create = SigninState.create.bind(SigninState);
SigninState.create = (args: CreateArgs) =>
  create({ ...args, code_verifier: args.code_verifier === true ? randomVerifier() : args.code_verifier });
