// The workflow a company made through sign-up starts with (spec 9, setup progress: mashing,
// distilling, blending and casks on; wine and bulk containers off; sales and purchasing, which
// spec 9 leaves out, on as they are for every company). The setup wizard's first section shows
// these ticks. Companies made otherwise (the demo) keep the preferences module's defaults.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import type { PreferencesOf } from '../preferences/areas';

export const SIGNUP_WORKFLOW: PreferencesOf<'workflow'> = {
  sales: true,
  purchasing: true,
  mashing: true,
  distilling: true,
  blending: true,
  wine: false,
  casks: true,
  bulkContainers: false,
};

/** Stores the sign-up workflow for a new company (inside the sign-up's transaction). */
export async function storeSignupWorkflow(db: Db, companyId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO company_preferences (company_id, area, value)
    VALUES (${companyId}, 'workflow', ${JSON.stringify(SIGNUP_WORKFLOW)}::jsonb)`);
}
