// Whether the company has the customer portal add-on on: it is listed in Company.addOns, which
// config.write switches on /apps (the server's rule: src/server/domain/portal/access.ts).
import type { Company } from '../../company/companies';
import type { AddOnKey } from '../../../shared/addOns';

export const PORTAL_ADD_ON: AddOnKey = 'customerPortal';

export const portalAddOnOn = (company: Company | null): boolean =>
  Array.isArray(company?.addOns) && (company.addOns as unknown[]).includes(PORTAL_ADD_ON);
