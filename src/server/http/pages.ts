// What the app's pages get before anything else: the security headers (@fastify/helmet) and,
// for a page asked at another address than PUBLIC_URL's, a redirect to the same path there.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { VIDEO_EMBED_ORIGIN } from '../../shared/videos';

/** Paths that are not the app's pages: the API (each service's endpoint too), the authorization
 * server (its pages set their own headers, with a nonce for their one script), downloads. */
const NOT_A_PAGE = /^\/(graphql|oidc|files|api|(portal|ecommerce|pointofsale)\/graphql)(\/|\?|$)/;

/**
 * The Content-Security-Policy the built client passes: scripts only from this origin;
 * react-admin, MUI and emotion inject <style> elements, so styles allow 'unsafe-inline'; the
 * browser talks to this origin and, with an external issuer, to that issuer (discovery, token,
 * revocation, and a silent renewal frame); frames only its own pages, the issuer's and the
 * embedded setup video; never framed.
 */
export function contentSecurityPolicy(issuerOrigin?: string): Record<string, string[]> {
  const issuer = issuerOrigin ? [issuerOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...issuer],
    // the silent renewal frame of an external issuer, and the configured setup video
    'frame-src': ["'self'", ...issuer, VIDEO_EMBED_ORIGIN],
    'form-action': ["'self'", ...issuer],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The host a browser asked for, in URL form (default port dropped, lower case). */
function requestedHost(request: FastifyRequest, protocol: string): string | undefined {
  const forwarded = request.headers['x-forwarded-host'];
  const raw = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || request.headers.host;
  if (!raw) return undefined;
  try {
    return new URL(`${protocol}//${raw}`).host;
  } catch {
    return undefined;
  }
}

export async function registerPageHandling(
  app: FastifyInstance,
  options: { publicOrigin: string; issuer: string },
): Promise<void> {
  const publicUrl = new URL(options.publicOrigin);
  const issuerOrigin = new URL(options.issuer).origin;
  const external = issuerOrigin !== publicUrl.origin ? issuerOrigin : undefined;

  // Sign-in only works from PUBLIC_URL (the only registered redirect URI): a page opened at
  // 127.0.0.1, the machine's name or another alias goes there first, same path and query.
  // Only the target's origin is ours to choose, so a forged Host redirects nowhere else.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (NOT_A_PAGE.test(request.url)) return;
    const host = requestedHost(request, publicUrl.protocol);
    if (!host || host === publicUrl.host) return;
    const target = `${publicUrl.origin}${request.url.startsWith('/') ? request.url : '/'}`;
    return reply.redirect(target, 302);
  });

  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(external) },
    frameguard: { action: 'deny' },
    // pages opened at http://localhost must keep working: no HSTS nor upgrade on plain HTTP
    strictTransportSecurity: publicUrl.protocol === 'https:',
  });
  app.addHook('onRequest', async (request, reply) => {
    if (NOT_A_PAGE.test(request.url)) return;
    await reply.helmet();
  });
}
