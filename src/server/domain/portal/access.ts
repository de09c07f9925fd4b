// Who may use a company's customer portal, asked in this order: the company has the
// customerPortal add-on on (/apps, Company.addOns), then the person holds an accepted link to one
// of its customers in an open portal, then (holding several) the customer they chose. The add-on
// is the company's purchase, so its refusal names it and says where it is turned on; staff
// inviting while it is off hear the same words.
import { eq, sql } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import { rowsOf, type Db } from '../../db/connect';
import { AppError, validationError } from '../kernel/errors';
import { addOnFeature, addOnFeatures } from '../integrations/addOns';

export const PORTAL_ADD_ON = 'customerPortal';
export const PORTAL_FEATURE = addOnFeature(PORTAL_ADD_ON);
export const PORTAL_OFF_MESSAGE =
  'The customer portal is not turned on for this company: an administrator turns it on in Apps';
/** the request header that names the customer a person linked to several acts for */
export const PORTAL_CUSTOMER_HEADER = 'x-portal-customer';

const isId = (id: string) => /^\d{1,18}$/.test(id);

export const portalOff = () => new AppError('FORBIDDEN', PORTAL_OFF_MESSAGE, { addOn: PORTAL_ADD_ON });
const noAccess = (companyId: string) =>
  new AppError('FORBIDDEN', 'You have no access to this company’s customer portal', { companyId });

/** Staff side (an actor's features, company/companies.ts featuresOf): refuses while the add-on is off. */
export function requirePortalAddOn(features: Record<string, boolean>): void {
  if (!features[PORTAL_FEATURE]) throw portalOff();
}

/** Portal side: the company of the endpoint's path must exist and have the add-on on. */
export async function requirePortalOpen(db: Db, companyId: string): Promise<void> {
  if (!isId(companyId)) throw noAccess(companyId);
  const [company] = await db
    .select({ addOns: companyTable.addOns })
    .from(companyTable)
    .where(eq(companyTable.id, companyId));
  if (!company) throw noAccess(companyId);
  if (!addOnFeatures(company.addOns)[PORTAL_FEATURE]) throw portalOff();
}

export interface LinkedCustomer {
  id: string;
  name: string;
}

/** The customers a person acts for in the company's open portal (accepted links), by name.
 * FORBIDDEN when there is none. */
export async function linkedCustomersOf(db: Db, userId: string, companyId: string): Promise<LinkedCustomer[]> {
  if (!isId(userId) || !isId(companyId)) throw noAccess(companyId);
  const rows = rowsOf<LinkedCustomer>(
    await db.execute(sql`
      SELECT c.id::text AS id, c.name FROM portal_users p
      JOIN portal_settings s ON s.company_id = p.company_id AND s.enabled
      JOIN customers c ON c.company_id = p.company_id AND c.id = p.customer_id
      WHERE p.user_id = ${userId} AND p.company_id = ${companyId}
      ORDER BY c.name, c.id`),
  );
  if (!rows.length) throw noAccess(companyId);
  return rows;
}

/** The one customer a request acts for: the chosen one (`chosen`, the header), which must be
 * among the person's links; without a choice, their only link. */
export function chooseCustomer(linked: LinkedCustomer[], chosen: string | undefined, companyId: string): string {
  if (chosen === undefined) {
    if (linked.length === 1) return linked[0].id;
    throw validationError({
      [PORTAL_CUSTOMER_HEADER]: 'You act for several customers here: choose the one to act for',
    });
  }
  if (!isId(chosen)) throw validationError({ [PORTAL_CUSTOMER_HEADER]: 'Not a customer id' });
  if (!linked.some((c) => c.id === chosen))
    throw new AppError('FORBIDDEN', `You are not linked to customer ${chosen} in this company’s customer portal`, {
      companyId,
      customerId: chosen,
    });
  return chosen;
}
