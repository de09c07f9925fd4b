import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { ISSUER_PATH } from './constants';

/**
 * Hands every request under the issuer path to oidc-provider's Koa app, unparsed: it reads the
 * raw body stream itself. Our own routes under the same path (sign-in page, users endpoints)
 * are more specific and win in Fastify's router.
 */
export async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // accept any body without reading it, so the stream is still unread when the provider gets it
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all(`${ISSUER_PATH}/*`, async (request, reply) => {
      const raw = request.raw;
      const originalUrl = raw.url ?? '/';
      // oidc-provider routes relative to its mount point and finds the mount path by comparing
      // originalUrl with url, the way Express and koa-mount present a mounted app
      Object.assign(raw, { originalUrl, url: originalUrl.slice(ISSUER_PATH.length) || '/' });
      reply.hijack();
      try {
        await callback(raw, reply.raw);
      } finally {
        raw.url = originalUrl;
      }
    });
  });
}
