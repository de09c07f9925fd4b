// Shopify's webhooks (orders/create, orders/updated, orders/cancelled, app/uninstalled, and the privacy topics of
// privacy.ts) at POST /api/integrations/shopify/webhooks. The library checks the raw body's
// HMAC-SHA256 under the app's secret and the X-Shopify-* headers; the shop header names the one
// company holding that shop (a shop no company holds is answered 200 and dropped, so Shopify
// stops retrying). The privacy topics are handled whether or not a company holds the shop now:
// they arrive after an uninstall too. Shopify delivers at least once: a delivery whose
// X-Shopify-Webhook-Id was handled is ignored.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { receiveOrder } from './orders';
import { handlePrivacy, PRIVACY_TOPICS, type PrivacyOutcome } from './privacy';
import type { StoreOrder } from './types';

export type WebhookOutcome = 'queued' | 'duplicate' | 'ignored' | 'uninstalled' | PrivacyOutcome;

const ORDER_TOPICS = ['orders/create', 'orders/updated', 'orders/cancelled'];

export async function handleWebhook(
  db: Db,
  delivery: { shop: string; topic: string; webhookId: string; body: unknown },
): Promise<{ outcome: WebhookOutcome; companyId: string | null }> {
  const [holder] = rowsOf<{ company_id: string }>(
    await db.execute(sql`SELECT company_id::text FROM integration_connections
      WHERE app = 'shopify' AND external_company_id = ${delivery.shop} AND status IN ('connected', 'paused')`),
  );
  const privacy = PRIVACY_TOPICS.includes(delivery.topic);
  if (!holder && !privacy) return { outcome: 'ignored', companyId: null };
  const companyId = holder?.company_id ?? null;
  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const first = rowsOf(
      await tx.execute(sql`INSERT INTO shopify_webhook_deliveries (shop, webhook_id, topic)
        VALUES (${delivery.shop}, ${delivery.webhookId.slice(0, 200)}, ${delivery.topic.slice(0, 100)})
        ON CONFLICT (shop, webhook_id) DO NOTHING RETURNING webhook_id`),
    );
    if (!first.length) return 'duplicate';
    if (privacy) return handlePrivacy(tx, delivery, companyId);
    if (!companyId) return 'ignored';
    if (delivery.topic === 'app/uninstalled') {
      // the shop removed the app: its token is dead; the company connects again to resume
      await tx.execute(sql`UPDATE integration_connections SET status = 'enabled', secrets = NULL,
          external_company_id = NULL, pending_state = NULL, pending_account = NULL, connected_at = NULL,
          updated_at = now()
        WHERE company_id = ${companyId} AND app = 'shopify'`);
      await tx.execute(sql`DELETE FROM integration_sync_log
        WHERE company_id = ${companyId} AND app = 'shopify' AND status = 'queued'`);
      return 'uninstalled';
    }
    if (!ORDER_TOPICS.includes(delivery.topic)) return 'ignored';
    const [settings] = rowsOf<{ order_sync: boolean }>(
      await tx.execute(sql`SELECT order_sync FROM shopify_settings WHERE company_id = ${companyId}`),
    );
    if (settings && !settings.order_sync) return 'ignored';
    const order = delivery.body as StoreOrder;
    if (!order || typeof order !== 'object' || !Array.isArray(order.line_items)) return 'ignored';
    return (await receiveOrder(tx, companyId, delivery.shop, order)) ? 'queued' : 'ignored';
  });
  return { outcome, companyId };
}
