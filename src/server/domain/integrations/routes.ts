// The OAuth callback: the other system sends the browser here with a code and our state. It
// answers with a redirect to /apps in every case (a word in the query for the page to show),
// never with the tokens or the other system's error text. It must come from the browser that
// pressed Connect (the Connect cookie, connections.ts), or it connects nothing: reason=browser.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { INTEGRATION_APPS } from './apps';
import { clearedConnectCookie, completeConnection, connectCookieOf } from './connections';
import { ConnectorError } from './connector';
import { registerShopifyRoutes } from './shopify/routes';

export async function registerIntegrationRoutes(app: FastifyInstance, options: { db: Db; publicOrigin: string }) {
  for (const integration of INTEGRATION_APPS) {
    app.get(integration.callbackPath, async (request, reply) => {
      const back = (query: string) => reply.header('cache-control', 'no-store').redirect(`/apps?${query}`);
      try {
        const outcome = await completeConnection(
          options.db,
          integration.key,
          request.url,
          options.publicOrigin,
          connectCookieOf(integration, request.headers.cookie),
        );
        if (!outcome.ok) return back(`failed=${integration.key}&reason=${encodeURIComponent(outcome.reason)}`);
        // used: the browser forgets it
        reply.header('set-cookie', clearedConnectCookie(integration, options.publicOrigin));
        return back(`connected=${integration.key}`);
      } catch (error) {
        if (!(error instanceof ConnectorError)) request.log.error(error, 'integration callback failed');
        return back(`failed=${integration.key}&reason=exchange`);
      }
    });
  }
  await registerShopifyRoutes(app, options);
}
