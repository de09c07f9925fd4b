// The companies a user belongs to, and the per-user and per-company settings calls of spec 7.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { companyTable, companySettingsTable, membershipTable, siteTable, userTable } from '../../../generated/tables';
import { inputValidators } from '../../../generated/validators';
import type { Db } from '../../db/connect';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { codecs } from '../records/values';
import { entityByName } from '../../../generated/entities';
import { recordAudit } from '../audit/audit';
import { addOnFeatures } from '../integrations/addOns';
import { dateTimeSettingsErrors } from '../../../shared/dateTimeSettings';

/** A row as the audit records it: its fields, not the company it belongs to. */
function withoutKeys(row: Record<string, unknown>) {
  const fields = { ...row };
  delete fields.companyId;
  return fields;
}

export interface Membership {
  companyId: string;
  permissions: string[];
  userSettings: string;
}

export async function membershipOf(db: Db, userId: string, companyId: string): Promise<Membership | null> {
  if (!/^\d{1,18}$/.test(companyId)) return null;
  const [row] = await db
    .select()
    .from(membershipTable)
    .where(and(eq(membershipTable.companyId, companyId), eq(membershipTable.user, userId)));
  return row ? { companyId, permissions: row.permissions, userSettings: row.userSettings ?? '{}' } : null;
}

export async function featuresOf(db: Db, companyId: string): Promise<Record<string, boolean>> {
  const [row] = await db.select().from(companyTable).where(eq(companyTable.id, companyId));
  if (!row) return {};
  return {
    ...(Object.fromEntries(
      Object.entries(row).filter(([k, v]) => k.startsWith('allow') && typeof v === 'boolean'),
    ) as Record<string, boolean>),
    ...addOnFeatures(row.addOns),
  };
}

export async function companiesOf(db: Db, userId: string) {
  const memberships = await db.select().from(membershipTable).where(eq(membershipTable.user, userId));
  if (!memberships.length) return [];
  const ids = memberships.map((m) => m.companyId);
  const [companies, sites, settings, [user]] = await Promise.all([
    db.select().from(companyTable).where(inArray(companyTable.id, ids)).orderBy(asc(companyTable.name)),
    db.select().from(siteTable).where(inArray(siteTable.companyId, ids)).orderBy(asc(siteTable.name)),
    db.select().from(companySettingsTable).where(inArray(companySettingsTable.companyId, ids)),
    db.select({ admin: userTable.admin }).from(userTable).where(eq(userTable.id, userId)),
  ]);
  const company = entityByName.company;
  return companies.map((c) => {
    const m = memberships.find((x) => x.companyId === c.id)!;
    const out: Record<string, unknown> = { id: c.id };
    for (const f of company.fields) out[f.name] = codecs[f.type].fromDb((c as Record<string, unknown>)[f.name]);
    return {
      ...out,
      id: c.id,
      permissions: m.permissions,
      admin: user?.admin ?? false,
      userSettings: m.userSettings ?? '{}',
      sites: sites.filter((s) => s.companyId === c.id),
      settings: settings.find((s) => s.companyId === c.id) ?? defaultSettings(c.id),
    };
  });
}

function defaultSettings(companyId: string) {
  const out: Record<string, unknown> = { id: `settings-${companyId}` };
  for (const f of entityByName.companySettings.fields) out[f.name] = f.default ?? (f.type === 'boolean' ? false : null);
  return out;
}

/** Shallow-merges a JSON object into the user's settings in the company; answers the result. */
export async function setUserSettings(ctx: DomainContext, settingsJson: string): Promise<string> {
  let patch: unknown;
  try {
    patch = JSON.parse(settingsJson);
  } catch {
    throw validationError({ settings: 'Must be a JSON object' });
  }
  if (!patch || typeof patch !== 'object' || Array.isArray(patch))
    throw validationError({ settings: 'Must be a JSON object' });
  return ctx.db.transaction(async (tx) => {
    const where = and(eq(membershipTable.companyId, ctx.actor.companyId), eq(membershipTable.user, ctx.actor.userId));
    const [row] = await tx.select().from(membershipTable).where(where).for('update');
    let current: Record<string, unknown> = {};
    try {
      current = JSON.parse(row?.userSettings ?? '{}');
    } catch {
      // a corrupt map is replaced rather than blocking the user
    }
    const merged = JSON.stringify({ ...current, ...(patch as Record<string, unknown>) });
    await tx.update(membershipTable).set({ userSettings: merged }).where(where);
    return merged;
  });
}

export async function setCompanySettings(ctx: DomainContext, input: Record<string, unknown>) {
  const parsed = inputValidators.companySettings.update.safeParse(input);
  if (!parsed.success)
    throw validationError(
      Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'settings', i.message])),
    );
  // the formats are a choice and the zone a real one (the schema keeps them free strings)
  const dateErrors = dateTimeSettingsErrors(parsed.data);
  if (Object.keys(dateErrors).length) throw validationError(dateErrors);
  return ctx.db.transaction(async (tx) => {
    const where = eq(companySettingsTable.companyId, ctx.actor.companyId);
    const [existing] = await tx.select().from(companySettingsTable).where(where).for('update');
    const [row] = existing
      ? await tx.update(companySettingsTable).set(parsed.data).where(where).returning()
      : await tx
          .insert(companySettingsTable)
          .values({ companyId: ctx.actor.companyId, ...parsed.data })
          .returning();
    await recordAudit(tx, ctx.actor, {
      entity: 'companySettings',
      entityId: row.id,
      event: existing ? 'updated' : 'created',
      before: existing ? withoutKeys(existing) : null,
      after: withoutKeys(row),
    });
    return row;
  });
}
