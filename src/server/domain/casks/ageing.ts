// Cask.ageing: what a cask holds (from the ledger's vessel contents), its fill date and its age,
// for a whole page of casks in one query (batch.ts collects the page's ids).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { isIsoDate } from '../../../shared/validation';
import type { DomainContext } from '../records/actor';
import type { FieldResolver, Resolver } from '../kernel/module';
import { validationError } from '../kernel/errors';
import { dayIn, timeZoneOf } from '../company/timeZone';
import { fromMilli, parseScaled, strengthOf } from '../excise/quantities';
import { ageAt, type Age } from './age';
import { batchLoader } from './batch';

export interface CaskAgeing {
  caskId: string;
  alcoholId: string | null;
  alcoholName: string | null;
  lot: string | null;
  volume: number;
  laa: number;
  strength: number | null;
  dateFilled: string | null;
  ageFrom: string | null;
  age: Age | null;
}

interface Row {
  id: string;
  date_filled: string | null;
  age_from: string | null;
  alcohol_id: string | null;
  alcohol_name: string | null;
  lot: string | null;
  volume: string | null;
  laa: string | null;
}

/** "Today" in the company's time zone: the day ages are counted to unless one is asked. */
export async function todayOf(ctx: DomainContext): Promise<string> {
  return dayIn(await timeZoneOf(ctx), new Date());
}

/** The age start of a cask: its ageFrom (spirit received already aged), else its fill date. */
export const ageStart = (c: { ageFrom: string | null; dateFilled: string | null }) => c.ageFrom ?? c.dateFilled;

export async function readAgeing(ctx: DomainContext, ids: string[], asOf: string): Promise<Map<string, CaskAgeing>> {
  const valid = ids.filter((id) => /^\d{1,18}$/.test(id));
  if (!valid.length) return new Map();
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      SELECT c.id::text AS id, to_char(c.date_filled, 'YYYY-MM-DD') AS date_filled, to_char(c.age_from, 'YYYY-MM-DD') AS age_from,
             v.alcohol_id::text AS alcohol_id, coalesce(s.name, w.name, n.name) AS alcohol_name, v.lot,
             v.volume::text AS volume, v.laa::text AS laa
      FROM casks c
      LEFT JOIN vessel_contents v ON v.company_id = c.company_id AND v.vessel_id = c.id
      LEFT JOIN spirits s ON s.company_id = v.company_id AND s.id = v.alcohol_id
      LEFT JOIN wines w ON w.company_id = v.company_id AND w.id = v.alcohol_id
      LEFT JOIN non_excises n ON n.company_id = v.company_id AND n.id = v.alcohol_id
      WHERE c.company_id = ${ctx.actor.companyId} AND c.id IN (${sql.join(
        valid.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(
    rows.map((r) => {
      const volume = parseScaled(r.volume, 3);
      const laa = parseScaled(r.laa, 3);
      const full = volume !== 0;
      const start = ageStart({ ageFrom: r.age_from, dateFilled: r.date_filled });
      return [
        r.id,
        {
          caskId: r.id,
          alcoholId: full ? r.alcohol_id : null,
          alcoholName: full ? r.alcohol_name : null,
          lot: full ? r.lot : null,
          volume: fromMilli(volume),
          laa: fromMilli(laa),
          strength: full ? strengthOf(volume, laa) / 100 : null,
          dateFilled: r.date_filled,
          ageFrom: r.age_from,
          // an empty cask ages nothing
          age: full && start ? ageAt(start, asOf) : null,
        },
      ];
    }),
  );
}

const load = batchLoader<CaskAgeing>(async (ctx, ids, asOf) => {
  const domain = await ctx.domain();
  return readAgeing(domain, ids, asOf || (await todayOf(domain)));
});

function asOfArg(args: Record<string, unknown>): string | null {
  const asOf = (args.asOf as string | null | undefined) ?? null;
  if (asOf !== null && !isIsoDate(asOf)) throw validationError({ asOf: 'Enter a date as yyyy-MM-dd' });
  return asOf;
}

export const ageingField: FieldResolver = async (parent, args, ctx) =>
  load(ctx, String(parent.id), asOfArg(args) ?? '');

/** casksAgeing(ids): a client list page's casks at once, in the order asked. */
export const casksAgeingQuery: Resolver = async (_r, args, ctx) => {
  const asOf = asOfArg(args);
  const ids = (args.ids as string[]).map(String);
  if (ids.length > 250) throw validationError({ ids: 'At most 250 casks at once' });
  const domain = await ctx.domain();
  const found = await readAgeing(domain, ids, asOf ?? (await todayOf(domain)));
  return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
};
