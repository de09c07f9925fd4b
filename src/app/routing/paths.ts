// Real browser paths of the generated screens, from each entity's `routes` metadata:
// list paths (some with preset field values: /inventory/itemcategories -> type Item), the
// create path and the edit path whose last :param is the id; other :params preset fields
// (/inventory/category/new/:type, /inventory/category/:type/:categoryId).
import type { EntityMeta, FieldMeta, ListRoute } from '../../shared/meta';

export type Preset = Record<string, string | number | boolean>;

export interface PathParam {
  name: string;
  optional: boolean;
}

export const withLeadingSlash = (path: string): string => (path.startsWith('/') ? path : `/${path}`);

/** The :params of a path pattern, in order. */
export function pathParams(pattern: string): PathParam[] {
  return pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => ({ name: s.slice(1).replace(/\?$/, ''), optional: s.endsWith('?') }));
}

const paramValue = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object') return paramValue((value as { id?: unknown }).id);
  return String(value);
};

/** Fills a pattern's :params; a missing optional one drops its segment, a missing required one gives null. */
export function fillPath(pattern: string, values: Record<string, unknown>): string | null {
  const out: string[] = [];
  for (const segment of withLeadingSlash(pattern).split('/')) {
    if (!segment.startsWith(':')) {
      out.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const name = segment.slice(1).replace(/\?$/, '');
    const value = paramValue(values[name]);
    if (value === undefined) {
      if (optional) continue;
      return null;
    }
    out.push(encodeURIComponent(value));
  }
  return out.join('/') || '/';
}

/** A field value of a path parameter, typed like the field it presets. */
export function paramToFieldValue(field: FieldMeta | undefined, raw: string): string | number | boolean {
  if (!field) return raw;
  if (field.type === 'boolean') return raw === 'true';
  if ((field.type === 'integer' || field.type === 'decimal') && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return raw;
}

/** Field values preset by a create/edit path's :params other than the id. */
export function presetFromParams(entity: EntityMeta, pattern: string, params: Record<string, string | undefined>, idParam?: string): Preset {
  const preset: Preset = {};
  for (const p of pathParams(pattern)) {
    if (p.name === idParam) continue;
    const raw = params[p.name];
    if (raw === undefined || raw === '') continue;
    preset[p.name] = paramToFieldValue(
      entity.fields.find((f) => f.name === p.name),
      raw,
    );
  }
  return preset;
}

export interface ListRouteEntry {
  entity: EntityMeta;
  path: string;
  name?: string;
  preset?: Preset;
}

export type RouteEntry =
  | ({ kind: 'list' } & ListRouteEntry)
  | { kind: 'create'; entity: EntityMeta; path: string }
  | { kind: 'edit'; entity: EntityMeta; path: string; idParam: string };

export function listRoutes(entity: EntityMeta): ListRouteEntry[] {
  return (entity.routes?.lists ?? []).map((l: ListRoute) => ({
    entity,
    path: withLeadingSlash(l.path),
    ...(l.name ? { name: l.name } : {}),
    ...(l.preset && Object.keys(l.preset).length ? { preset: l.preset } : {}),
  }));
}

/** Every screen route of the generated entities (those with crud operations and routes). */
export function routeTable(entities: readonly EntityMeta[]): RouteEntry[] {
  const table: RouteEntry[] = [];
  for (const entity of entities) {
    if (!entity.crud || !entity.routes) continue;
    for (const l of listRoutes(entity)) table.push({ kind: 'list', ...l });
    table.push({ kind: 'create', entity, path: withLeadingSlash(entity.routes.create) });
    table.push({ kind: 'edit', entity, path: withLeadingSlash(entity.routes.edit), idParam: entity.routes.idParam });
  }
  return table;
}

const matchesPreset = (preset: Preset | undefined, values: Record<string, unknown>) =>
  !!preset && Object.entries(preset).every(([k, v]) => paramValue(values[k]) === String(v));

/** The list a record belongs to: the preset list matching its values, else the plain list. */
export function listPathFor(entity: EntityMeta, values: Record<string, unknown> = {}): string | null {
  const lists = listRoutes(entity);
  return (lists.find((l) => matchesPreset(l.preset, values)) ?? lists.find((l) => !l.preset) ?? lists[0])?.path ?? null;
}

/** The create path, its :params filled from the preset (or given values). */
export function createPathFor(entity: EntityMeta, values: Record<string, unknown> = {}): string | null {
  return entity.routes ? fillPath(entity.routes.create, values) : null;
}

/** The edit path of a record: the id param from `record.id`, other params from its fields. */
export function editPathFor(entity: EntityMeta, record: Record<string, unknown>, fallback: Record<string, unknown> = {}): string | null {
  if (!entity.routes) return null;
  return fillPath(entity.routes.edit, { ...fallback, ...record, [entity.routes.idParam]: record.id });
}

/** Menu group of a list path: its first segment (/sales/customercategories -> sales), or the entity's area. */
export function menuGroupOf(entity: EntityMeta, path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments.length >= 2 ? segments[0] : entity.area;
}

export interface MenuGroup {
  group: string;
  items: ListRouteEntry[];
}

/** The list routes the user may open, grouped for the menu and the dashboard (groups in first-seen order). */
export function menuGroups(entities: readonly EntityMeta[], canOpen: (entity: EntityMeta) => boolean): MenuGroup[] {
  const groups = new Map<string, ListRouteEntry[]>();
  for (const route of routeTable(entities)) {
    if (route.kind !== 'list' || !canOpen(route.entity)) continue;
    const group = menuGroupOf(route.entity, route.path);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(route);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
