// Whether a product or an item is the accounting system's Item too (linked by a push), so the
// edit form can warn that the accounting system's values will override a change made here
// (spec 8, the accounting update dialog). A paused connection still counts: its changes come
// when it is resumed. Without the accounting add-on nothing is linked.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import { validationError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { INTEGRATION_APPS } from '../apps';
import { MAPPED_ENTITIES } from './mappings';
import { liveConnectionSql } from '../store';

export async function accountingLinked(ctx: DomainContext, entityType: string, id: string): Promise<boolean> {
  if (!(MAPPED_ENTITIES as readonly string[]).includes(entityType))
    throw validationError({ entityType: `Must be one of ${MAPPED_ENTITIES.join(', ')}` });
  if (!/^\d{1,18}$/.test(String(id))) throw validationError({ id: 'No such record in this company' });
  const apps = INTEGRATION_APPS.filter((a) => a.addOn === 'accounting' && ctx.actor.features[a.feature]);
  if (!apps.length) return false;
  const rows = rowsOf<{ app: string }>(
    await ctx.db.execute(sql`SELECT l.app FROM integration_links l
      JOIN integration_connections c ON c.company_id = l.company_id AND c.app = l.app AND ${liveConnectionSql('c')}
      WHERE l.company_id = ${ctx.actor.companyId} AND l.entity_type = ${entityType} AND l.entity_id = ${String(id)}
        AND l.app IN (${sql.join(
          apps.map((a) => sql`${a.key}`),
          sql`, `,
        )})`),
  );
  return rows.length > 0;
}
