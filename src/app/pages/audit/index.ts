import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';

export const AUDIT_PATH = '/audit';

/**
 * The audit log (spec 2.3 /audit, named route Audit with the query entityId; spec 6: the audit
 * permission and the company's allowAudit). The user menu's Tools > Audit log opens it.
 */
export const auditPage: CustomPage = {
  name: 'Audit',
  paths: [AUDIT_PATH],
  permissions: ['audit'],
  feature: 'allowAudit',
  component: lazyScreen(() => import('./AuditPage'), 'AuditPage'),
};
