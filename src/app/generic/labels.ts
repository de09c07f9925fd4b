// i18n keys of the generated labels (src/generated/i18n.ts):
//   resources.<plural>.name                              'Customer |||| Customers'
//   resources.<plural>.fields.<field>                    field label
//   resources.<plural>.fields.<lines>Label               label of a lines field
//   resources.<plural>.fields.<lines>.<lineField>        label of a line's field
//   resources.<plural>.values.<field>.<value>            enum value label
//   resources.<plural>.values.<lines>.<lineField>.<value> (generated as values["bom.per"], nested by i18n/messages.ts)
import type { EntityMeta, FieldMeta } from '../../shared/meta';

export const resourceNameKey = (entity: EntityMeta) => `resources.${entity.plural}.name`;

export function fieldLabelKey(entity: EntityMeta, field: FieldMeta, parent?: FieldMeta): string {
  if (parent) return `resources.${entity.plural}.fields.${parent.name}.${field.name}`;
  if (field.type === 'lines') return `resources.${entity.plural}.fields.${field.name}Label`;
  return `resources.${entity.plural}.fields.${field.name}`;
}

export function enumValueKey(entity: EntityMeta, field: FieldMeta, value: string, parent?: FieldMeta): string {
  const path = parent ? `${parent.name}.${field.name}` : field.name;
  return `resources.${entity.plural}.values.${path}.${value}`;
}

/** Choices of an enum input: react-admin translates each name. */
export function enumChoices(entity: EntityMeta, field: FieldMeta, parent?: FieldMeta): { id: string; name: string }[] {
  return (field.values ?? []).map((value) => ({ id: value, name: enumValueKey(entity, field, value, parent) }));
}

export const areaKey = (group: string) => `app.area.${group}`;
