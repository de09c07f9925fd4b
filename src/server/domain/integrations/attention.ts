// Which add-ons need attention (the Apps dot, addOnsWithAlerts): one that is on while none of
// its apps is connected, or one whose app has records that failed to sync.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { INTEGRATION_APPS } from './apps';
import { appsWithFailures } from './store';

export async function addOnsNeedingAttention(
  db: Db,
  companyId: string,
  features: Record<string, boolean>,
): Promise<string[]> {
  const failing = await appsWithFailures(db, companyId);
  const connected = new Set(
    rowsOf<{ app: string }>(
      await db.execute(sql`SELECT app FROM integration_connections
        WHERE company_id = ${companyId} AND status IN ('connected', 'paused')`),
    ).map((r) => r.app),
  );
  const alerts = new Set<string>();
  const on = INTEGRATION_APPS.filter((app) => features[app.feature]);
  for (const addOn of new Set(on.map((app) => app.addOn))) {
    const apps = on.filter((app) => app.addOn === addOn);
    if (!apps.some((app) => connected.has(app.key)) || apps.some((app) => failing.has(app.key))) alerts.add(addOn);
  }
  return [...alerts];
}
