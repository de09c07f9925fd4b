// Reading and saving a company's preferences of one area: what is stored over what the company
// starts with; a save merges the fields given into the stored ones, in one statement.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { recordAudit } from '../audit/audit';
import { PREFERENCE_AREAS, initialPreferences, type PreferenceArea, type PreferencesOf } from './areas';

export async function readPreferences<A extends PreferenceArea>(
  ctx: DomainContext,
  area: A,
): Promise<PreferencesOf<A>> {
  const [row] = rowsOf<{ value: unknown }>(
    await ctx.db.execute(
      sql`SELECT value FROM company_preferences WHERE company_id = ${ctx.actor.companyId} AND area = ${area}`,
    ),
  );
  const stored = typeof row?.value === 'string' ? JSON.parse(row.value) : (row?.value ?? {});
  // what was stored under an older shape keeps only the fields the area still has
  const known = PREFERENCE_AREAS[area].partial().safeParse(stored);
  return { ...initialPreferences(area), ...(known.success ? known.data : {}) } as PreferencesOf<A>;
}

/** Saves the fields given (unknown fields refused, each checked against its bounds). */
export async function savePreferences<A extends PreferenceArea>(
  ctx: DomainContext,
  area: A,
  input: Record<string, unknown>,
): Promise<PreferencesOf<A>> {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const parsed = PREFERENCE_AREAS[area].partial().strict().safeParse(given);
  if (!parsed.success)
    throw validationError(
      Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'preferences'), i.message])),
    );
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    // the area's row locked (or created) first: two saves of one area apply one after the other
    await db.execute(sql`
      INSERT INTO company_preferences (company_id, area) VALUES (${ctx.actor.companyId}, ${area})
      ON CONFLICT DO NOTHING`);
    await db.execute(
      sql`SELECT 1 FROM company_preferences WHERE company_id = ${ctx.actor.companyId} AND area = ${area} FOR UPDATE`,
    );
    return saveLocked(tx, area, parsed.data);
  });
}

async function saveLocked<A extends PreferenceArea>(
  ctx: DomainContext,
  area: A,
  changes: Record<string, unknown>,
): Promise<PreferencesOf<A>> {
  const before = await readPreferences(ctx, area);
  const after = { ...before, ...changes } as PreferencesOf<A>;
  // mashing makes wash that only a still can use: a workflow that mashes distils (spec 4)
  if (area === 'workflow') {
    const w = after as PreferencesOf<'workflow'>;
    if (w.mashing) w.distilling = true;
  }
  await ctx.db.execute(sql`
    INSERT INTO company_preferences (company_id, area, value) VALUES (${ctx.actor.companyId}, ${area}, ${JSON.stringify(after)}::jsonb)
    ON CONFLICT (company_id, area) DO UPDATE SET value = excluded.value, updated_at = now()`);
  await recordAudit(ctx.db, ctx.actor, {
    entity: `${area}Preferences`,
    entityId: ctx.actor.companyId,
    event: 'updated',
    before: before as Record<string, unknown>,
    after: after as Record<string, unknown>,
  });
  return after;
}
