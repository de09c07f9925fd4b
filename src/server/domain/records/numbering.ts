// Document numbers made by the app (a conversion's new sales order, a recurring copy): the next
// number of a series, taken under a per-company, per-entity lock held to the end of the
// transaction, so two documents created at once never pick the same number.
import { sql } from 'drizzle-orm';
import { entityByName } from '../../../generated/entities';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from './actor';

const lockSeries = (ctx: DomainContext, entity: string) =>
  ctx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`number:${ctx.actor.companyId}:${entity}`}))`);

/** The next free number in `sample`'s style: its prefix and digit count, one more than the
 * highest such number the company has (INV-0042 -> INV-0043 when INV-0042 is the highest;
 * a sample without digits, "MONTHLY", starts MONTHLY-1). */
export async function nextNumberLike(ctx: DomainContext, entity: string, sample: string): Promise<string> {
  await lockSeries(ctx, entity);
  const m = /^(.*?)(\d+)$/.exec(sample);
  const prefix = m ? m[1] : `${sample}-`;
  const width = m ? m[2].length : 1;
  const [row] = rowsOf<{ highest: string | null }>(
    await ctx.db.execute(sql`
      SELECT max(substring(number FROM char_length(${prefix}) + 1)::numeric)::text AS highest
      FROM ${sql.identifier(entityByName[entity].table)}
      WHERE company_id = ${ctx.actor.companyId} AND left(number, char_length(${prefix})) = ${prefix}
        AND substring(number FROM char_length(${prefix}) + 1) ~ '^[0-9]+$'`),
  );
  const next = BigInt(row?.highest ?? '0') + 1n;
  return prefix + next.toString().padStart(width, '0');
}

/** The number after the series the company last used for this entity (SO-1007 after SO-1006),
 * or `first` when it has numbered none yet. */
export async function nextNumberOf(ctx: DomainContext, entity: string, first: string): Promise<string> {
  await lockSeries(ctx, entity);
  const [last] = rowsOf<{ number: string }>(
    await ctx.db.execute(sql`
      SELECT number FROM ${sql.identifier(entityByName[entity].table)}
      WHERE company_id = ${ctx.actor.companyId} AND number ~ '[0-9]+$'
      ORDER BY id DESC LIMIT 1`),
  );
  return last ? nextNumberLike(ctx, entity, last.number) : first;
}
