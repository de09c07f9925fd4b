// The OAuth callback: the other system sends the browser here with a code and our state. It
// answers with a redirect to /apps in every case (a word in the query for the page to show),
// never with the tokens or the other system's error text.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { INTEGRATION_APPS } from './apps';
import { completeConnection } from './connections';
import { ConnectorError } from './connector';
import { registerShopifyRoutes } from './shopify/routes';

export async function registerIntegrationRoutes(app: FastifyInstance, options: { db: Db; publicOrigin: string }) {
  for (const integration of INTEGRATION_APPS) {
    app.get(integration.callbackPath, async (request, reply) => {
      const back = (query: string) => reply.header('cache-control', 'no-store').redirect(`/apps?${query}`);
      try {
        const outcome = await completeConnection(options.db, integration.key, request.url, options.publicOrigin);
        return outcome.ok
          ? back(`connected=${integration.key}`)
          : back(`failed=${integration.key}&reason=${encodeURIComponent(outcome.reason)}`);
      } catch (error) {
        if (!(error instanceof ConnectorError)) request.log.error(error, 'integration callback failed');
        return back(`failed=${integration.key}&reason=exchange`);
      }
    });
  }
  await registerShopifyRoutes(app, options);
}
