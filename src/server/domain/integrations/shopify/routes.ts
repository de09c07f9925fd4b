// Shopify's public routes: the webhooks (raw body kept for the HMAC, so this scope parses JSON
// as a Buffer) and the spec's e-commerce connection route, /ecommerce/connect, where a shop owner
// who installs the app from Shopify lands with ?shop=…&hmac=…&timestamp=…: a signed request sends
// the browser to /apps with the shop filled in, where the signed-in person finishes with
// Connect (the connection belongs to a company, which only a member can choose).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/connect';
import { wakePushJob } from '../queue';
import { isShopDomain } from './config';
import { shopifyLibrary } from './library';
import { handleWebhook } from './webhooks';
import { shopifyConnector } from './connector';

export const WEBHOOK_PATH = '/api/integrations/shopify/webhooks';
export const CONNECT_PATH = '/ecommerce/connect';
/** Shopify's orders are well under this; a larger body is refused before any work. */
const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024;

export async function registerShopifyRoutes(app: FastifyInstance, options: { db: Db }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      let check;
      try {
        check = await shopifyLibrary().webhooks.validate({
          rawBody: raw,
          rawRequest: request.raw,
          rawResponse: reply.raw,
        });
      } catch (error) {
        request.log.error(error, 'shopify webhook validation failed');
        return reply.code(500).send({ error: 'not set up' });
      }
      if (!check.valid) return reply.code(401).send({ error: 'invalid webhook' });
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        return reply.code(400).send({ error: 'not JSON' });
      }
      const shop = check.domain.toLowerCase();
      if (!isShopDomain(shop)) return reply.code(400).send({ error: 'unknown shop' });
      const { outcome, companyId } = await handleWebhook(options.db, {
        shop,
        // the header as sent ("customers/data_request"): the library's form upper-cases it and
        // turns every "/" into "_", which cannot be told apart from the topic's own "_"
        topic: String(request.headers['x-shopify-topic'] ?? '').toLowerCase(),
        webhookId: check.webhookId,
        body,
      });
      if (outcome === 'queued' && companyId) await wakePushJob(companyId, 'shopify');
      return reply.code(200).send({ outcome });
    });
  });

  app.get(CONNECT_PATH, async (request, reply) => {
    const url = new URL(request.url, 'http://local');
    const shop = (url.searchParams.get('shop') ?? '').toLowerCase();
    const signed =
      url.searchParams.has('hmac') && (await shopifyConnector.verifyCallback(request.url).catch(() => false));
    reply.header('cache-control', 'no-store');
    if (!isShopDomain(shop) || !signed) return reply.redirect('/apps?failed=shopify&reason=forged');
    return reply.redirect(`/apps?addOn=ecommerce&shop=${encodeURIComponent(shop)}`);
  });
}
