// The integrations of spec 1 a company can switch on, and what their state reads from the
// company record. Only accounting records a connection today (connectedToAccounting); the
// server's addOnsWithAlerts says which need attention.
import type { Company } from '../../company/companies';

export const ADD_ONS = ['accounting', 'ecommerce', 'pointOfSale', 'customerPortal'] as const;
export type AddOn = (typeof ADD_ONS)[number];

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
