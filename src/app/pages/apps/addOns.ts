// The integrations of spec 1 a company can switch on, and what their state reads from the
// company record: accounting comes with allowAccounting (the plan's flag) and records its
// connection (connectedToAccounting); the others are listed in Company.addOns, switched on
// /apps (addOnSet). The server's addOnsWithAlerts says which need attention.
import type { Company } from '../../company/companies';
import { ADD_ONS, type AddOnKey as AddOn } from '../../../shared/addOns';

export { SWITCHABLE_ADD_ONS } from '../../../shared/addOns';

export interface AddOnState {
  key: AddOn;
  enabled: boolean;
  /** null when the add-on keeps no connection state */
  connected: boolean | null;
  alert: boolean;
}

export function addOnStates(company: Company, alerts: readonly string[]): AddOnState[] {
  const listed = Array.isArray(company.addOns) ? (company.addOns as string[]) : [];
  return ADD_ONS.map((key) => ({
    key,
    enabled: key === 'accounting' ? company.allowAccounting === true : listed.includes(key),
    connected: key === 'accounting' ? company.connectedToAccounting === true : null,
    alert: alerts.includes(key),
  }));
}
