// Which of the customer portal's sections the company's customers see (issue 18), chosen on the
// portal setup screen with the rest of the settings (settings.ts): placing an order (the Order
// tab, its products and portalPlaceOrder), Orders, Shipments, Invoices and Statement. The portal
// endpoint is the guard: a hidden section's operations answer FORBIDDEN in words, whatever the
// client shows (resolvers.ts); portalSections tells the client which tabs to show.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { AppError, validationError } from '../kernel/errors';

import { PORTAL_SECTIONS, type PortalSection, type PortalSections } from '../../../shared/portalSections';

export { PORTAL_SECTIONS, type PortalSection, type PortalSections };

/** A company that never chose (no row, or a row from before the choice existed) shows them all:
 * the portal as it was before staff could hide a section. */
export const ALL_SECTIONS: PortalSections = {
  order: true,
  orders: true,
  shipments: true,
  invoices: true,
  statement: true,
};

/** The words a portal user reads when they reach a hidden section (a bookmark, an old tab). */
const HIDDEN: Record<PortalSection, string> = {
  order: 'Your supplier does not take orders in this portal',
  orders: 'Your supplier does not show orders in this portal',
  shipments: 'Your supplier does not show shipments in this portal',
  invoices: 'Your supplier does not show invoices in this portal',
  statement: 'Your supplier does not show a statement in this portal',
};

export const sectionHidden = (section: PortalSection) => new AppError('FORBIDDEN', HIDDEN[section], { section });

/** Throws FORBIDDEN, in the section's words, unless the company shows it. */
export function requireSection(sections: PortalSections, section: PortalSection): void {
  if (!sections[section]) throw sectionHidden(section);
}

/** The shown sections in the portal's tab order. */
export const visibleSections = (sections: PortalSections): PortalSection[] =>
  PORTAL_SECTIONS.filter((s) => sections[s]);

/** The company's choice. The statement counts as hidden with the invoices even if a row said
 * otherwise (the CHECK of migration 0052 forbids it): its lines are the invoices' numbers, dates
 * and amounts, and their payments, so showing it would show the invoices staff chose to hide. */
export async function portalSectionsOf(db: Db, companyId: string): Promise<PortalSections> {
  const [row] = rowsOf<PortalSections>(
    await db.execute(sql`
      SELECT show_order AS "order", show_orders AS orders, show_shipments AS shipments,
             show_invoices AS invoices, show_statement AS statement
      FROM portal_settings WHERE company_id = ${companyId}`),
  );
  if (!row) return { ...ALL_SECTIONS };
  return { ...row, statement: row.statement && row.invoices };
}

/** Staff's choice as saved: each one a boolean, and the statement only with the invoices. */
export function checkSections(input: unknown): PortalSections {
  if (!input || typeof input !== 'object') throw validationError({ sections: 'Choose the sections to show' });
  const given = input as Record<string, unknown>;
  const problems: Record<string, string> = {};
  for (const key of Object.keys(given))
    if (!(PORTAL_SECTIONS as readonly string[]).includes(key)) problems[`sections.${key}`] = 'Not a portal section';
  for (const s of PORTAL_SECTIONS)
    if (typeof given[s] !== 'boolean') problems[`sections.${s}`] = 'Must be true or false';
  if (given.statement === true && given.invoices === false)
    problems['sections.statement'] = 'The statement lists the invoices: show invoices to show the statement';
  if (Object.keys(problems).length) throw validationError(problems);
  return Object.fromEntries(PORTAL_SECTIONS.map((s) => [s, given[s]])) as PortalSections;
}
