// The point-of-sale setup (migration 0030, square_settings): which site the tasting room sells
// from (its duty-paid stock goes down with each day's sales and is what Square shows on hand),
// which Square location is that tasting room, and the customer its daily invoices are made to.
// Setting it up needs config.write, inventory.write and selling (spec 2.3's words), and the
// point-of-sale add-on on.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { hasPermission } from '../../../../shared/permissions';
import { AppError, validationError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { recordAudit } from '../../audit/audit';
import { addOnFeature } from '../addOns';

export interface SquareSettings {
  siteId: string | null;
  locationId: string | null;
  customerId: string | null;
  /** the last day already queued (yyyy-MM-dd) */
  pulledThrough: string | null;
  /** who saved it: the job acts in their name */
  setBy: string | null;
}

export interface CompleteSettings extends SquareSettings {
  siteId: string;
  locationId: string;
  customerId: string;
  setBy: string;
}

export const isComplete = (s: SquareSettings | null): s is CompleteSettings =>
  !!s?.siteId && !!s.locationId && !!s.customerId && !!s.setBy;

export const SETUP_NEEDED =
  'Choose the retail site, the Square location and the tasting-room customer on the point-of-sale setup page first';

export const SETUP_PERMISSIONS = ['config.write', 'inventory.write', 'selling'];

/** The setup's rule: every permission of spec 2.3 and the add-on on. */
export function requireSetupRights(ctx: DomainContext) {
  const missing = SETUP_PERMISSIONS.filter((p) => !hasPermission(ctx.actor.permissions, p));
  if (missing.length)
    throw new AppError('FORBIDDEN', `Setting up the point of sale needs ${missing.join(', ')}`, { missing });
  const feature = addOnFeature('pointOfSale');
  if (!ctx.actor.features[feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${feature})`, { feature });
}

export async function settingsOf(db: Db, companyId: string, lock = false): Promise<SquareSettings | null> {
  const [row] = rowsOf<{
    site_id: string | null;
    location_id: string | null;
    customer_id: string | null;
    pulled_through: string | null;
    set_by: string | null;
  }>(
    await db.execute(sql`SELECT site_id::text, location_id, customer_id::text, pulled_through::text, set_by::text
      FROM square_settings WHERE company_id = ${companyId} ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  if (!row) return null;
  return {
    siteId: row.site_id,
    locationId: row.location_id,
    customerId: row.customer_id,
    pulledThrough: row.pulled_through,
    setBy: row.set_by,
  };
}

export async function setPulledThrough(db: Db, companyId: string, day: string) {
  await db.execute(sql`UPDATE square_settings SET pulled_through = ${day}, updated_at = now()
    WHERE company_id = ${companyId}`);
}

export interface SettingsInput {
  siteId: string;
  locationId: string;
  customerId: string;
}

const ID = /^\d{1,18}$/;
/** Square's location ids are short (documented as up to 32 characters); a little room. */
const LOCATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

async function exists(db: Db, table: 'sites' | 'customers', companyId: string, id: string) {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id::text FROM ${sql.identifier(table)} WHERE company_id = ${companyId} AND id = ${id}`),
  );
  return rows.length > 0;
}

/** Saves the setup in one transaction, after checking each choice is the company's own. */
export async function saveSettings(ctx: DomainContext, input: SettingsInput): Promise<SquareSettings> {
  requireSetupRights(ctx);
  const { companyId } = ctx.actor;
  const problems: Record<string, string> = {};
  if (!ID.test(input.siteId ?? '')) problems.siteId = 'Choose the retail site';
  if (!ID.test(input.customerId ?? '')) problems.customerId = 'Choose the tasting-room customer';
  if (!LOCATION_ID.test(input.locationId ?? '')) problems.locationId = 'Choose the Square location';
  if (Object.keys(problems).length) throw validationError(problems);
  return ctx.db.transaction(async (tx) => {
    if (!(await exists(tx, 'sites', companyId, input.siteId))) problems.siteId = 'No such site';
    if (!(await exists(tx, 'customers', companyId, input.customerId))) problems.customerId = 'No such customer';
    if (Object.keys(problems).length) throw validationError(problems);
    const before = await settingsOf(tx, companyId, true);
    await tx.execute(sql`INSERT INTO square_settings (company_id, site_id, location_id, customer_id, set_by)
      VALUES (${companyId}, ${input.siteId}, ${input.locationId}, ${input.customerId}, ${ctx.actor.userId})
      ON CONFLICT (company_id) DO UPDATE SET site_id = EXCLUDED.site_id, location_id = EXCLUDED.location_id,
        customer_id = EXCLUDED.customer_id, set_by = EXCLUDED.set_by, updated_at = now()`);
    const after = (await settingsOf(tx, companyId))!;
    await recordAudit(tx, ctx.actor, {
      entity: 'integration',
      entityId: companyId,
      event: 'updated',
      before: before ? { square: before } : null,
      after: { square: after },
    });
    return after;
  });
}
