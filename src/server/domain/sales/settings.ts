// The company settings money rules read: whether several currencies are allowed and which one
// is home (company settings, spec section 3; CAD and one currency when none are saved).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';

export interface MoneySettings {
  multiCurrency: boolean;
  homeCurrency: string;
}

export async function moneySettings(ctx: DomainContext): Promise<MoneySettings> {
  const [row] = rowsOf<{ multi: boolean | null; home: string | null }>(
    await ctx.db.execute(sql`
      SELECT multi_currency AS multi, home_currency AS home FROM company_settings_rows
      WHERE company_id = ${ctx.actor.companyId} ORDER BY id LIMIT 1`),
  );
  return { multiCurrency: Boolean(row?.multi), homeCurrency: row?.home || 'CAD' };
}
