// The company's time zone (its settings; Toronto when none is set) and the calendar day an
// instant falls on there: "today" for tasks, the day of a production record's ledger rows,
// the days of the audit log's date filter.
import { eq } from 'drizzle-orm';
import { companySettingsTable } from '../../../generated/tables';
import type { DomainContext } from '../records/actor';

export const DEFAULT_TIME_ZONE = 'America/Toronto';

export async function timeZoneOf(ctx: DomainContext): Promise<string> {
  const [settings] = await ctx.db
    .select({ timeZone: companySettingsTable.timeZone })
    .from(companySettingsTable)
    .where(eq(companySettingsTable.companyId, ctx.actor.companyId));
  return settings?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** yyyy-MM-dd of `instant` in `zone` (en-CA formats dates that way). */
export const dayIn = (zone: string, instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
