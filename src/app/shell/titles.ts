// Titles of list routes for the drawer, the dashboard and the workflow view, the same words
// as the list screens' titles ("Categories – Item"), without loading the list screen's chunk.
import { useTranslate } from 'react-admin';
import type { EntityMeta } from '../../shared/meta';
import { enumValueKey, resourceNameKey } from '../generic/labels';
import type { Preset } from '../routing/paths';

export function useRouteTitle(entity: EntityMeta, preset?: Preset): string {
  const translate = useTranslate();
  const base = translate(resourceNameKey(entity), { smart_count: 2 });
  const parts = Object.entries(preset ?? {}).map(([name, value]) => {
    const field = entity.fields.find((f) => f.name === name);
    return field?.type === 'enum'
      ? translate(enumValueKey(entity, field, String(value)), { _: String(value) })
      : String(value);
  });
  return parts.length ? `${base} – ${parts.join(', ')}` : base;
}
