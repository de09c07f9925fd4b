// What the signed-in user may open in the current company: the entity's permissions (spec 6
// semantics, src/shared/permissions.ts) and its feature flag. The server enforces the same
// rules; these only keep the screens honest.
import type { EntityMeta, FieldMeta } from '../shared/meta';
import { hasAny, hasPermission } from '../shared/permissions';
import { isFeatureOn, type Company } from './company/companies';
import { entityByName } from '../generated/clientEntities';

export const VALUES_PERMISSION = 'values';

export function canRead(entity: EntityMeta, company: Company | null | undefined): boolean {
  if (!company) return false;
  return isFeatureOn(company, entity.feature) && hasAny(company.permissions, entity.permissions.read);
}

export function canWrite(entity: EntityMeta, company: Company | null | undefined): boolean {
  if (!company) return false;
  return isFeatureOn(company, entity.feature) && hasAny(company.permissions, entity.permissions.write);
}

export function holdsValues(company: Company | null | undefined): boolean {
  return !!company && hasPermission(company.permissions, VALUES_PERMISSION);
}

/** Fields listed with `needsValues` are hidden unless the user holds `values`; a reference to
 * an entity whose feature is off (a wine input in a company without wine) is hidden too. */
export function isVisibleField(field: FieldMeta, company: Company | null | undefined): boolean {
  if (field.internal) return false;
  if (field.ref && !isFeatureOn(company, entityByName[field.ref]?.feature)) return false;
  return !field.needsValues || holdsValues(company);
}
