// A field's value as text, for the expanded row of a list (the record's remaining fields).
import type { EntityMeta, FieldMeta } from '../../shared/meta';
import { enumValueKey } from './labels';
import { formatFieldNumber } from './numberDisplay';
import { formatDateTime } from '../widgets/dateRules';
import { showDay } from '../widgets/dateDisplay';
import { formatDuration } from '../widgets/durationRules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function fieldText(
  entity: EntityMeta,
  field: FieldMeta,
  value: unknown,
  translate: Translate,
  entityByName: Record<string, EntityMeta> = {},
  /** the app's language: numbers take its separators (numberDisplay.ts) */
  locale = 'en',
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'boolean':
      return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    case 'enum':
      return translate(enumValueKey(entity, field, String(value)), { _: String(value) });
    case 'ref': {
      const target = field.ref ? entityByName[field.ref] : undefined;
      const v = value as Record<string, unknown>;
      return typeof value === 'object'
        ? String(v[target?.titleField ?? 'name'] ?? v.name ?? v.id ?? '')
        : String(value);
    }
    case 'decimal':
      return typeof value === 'number' ? formatFieldNumber(value, field, locale) + unitsText(field) : String(value);
    case 'integer':
      if (field.units === 'min' && typeof value === 'number') return formatDuration(value);
      return typeof value === 'number' ? formatFieldNumber(value, field, locale) + unitsText(field) : String(value);
    case 'datetime':
      return formatDateTime(String(value));
    case 'date':
      return showDay(value);
    case 'stringList':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'lines':
      return translate('app.list.lines', { smart_count: Array.isArray(value) ? value.length : 0 });
    default:
      return String(value);
  }
}

const unitsText = (field: FieldMeta) => (field.units && field.units !== '$' ? ` ${field.units}` : '');
