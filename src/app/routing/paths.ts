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
  if ((field.type === 'integer' || field.type === 'decimal') && raw.trim() !== '' && Number.isFinite(Number(raw)))
    return Number(raw);
  return raw;
}

/**
 * The field a path :param presets: the field of that name (`:type`), or the reference field it
 * identifies (`:equipmentId` -> `equipment`).
 */
export function paramField(entity: EntityMeta, param: string): FieldMeta | undefined {
  const direct = entity.fields.find((f) => f.name === param);
  if (direct) return direct;
  if (!param.endsWith('Id')) return undefined;
  const base = param.slice(0, -2);
  return entity.fields.find((f) => f.name === base && f.type === 'ref');
}

/** Field values preset by a path's :params other than the id (a reference by its id). */
export function presetFromParams(
  entity: EntityMeta,
  pattern: string,
  params: Record<string, string | undefined>,
  idParam?: string,
): Preset {
  const preset: Preset = {};
  for (const p of pathParams(pattern)) {
    if (p.name === idParam) continue;
    const raw = params[p.name];
    if (raw === undefined || raw === '') continue;
    const field = paramField(entity, p.name);
    preset[field?.name ?? p.name] = paramToFieldValue(field, raw);
  }
  return preset;
}

/** Values that fill path :params from a record: its fields, plus `<ref>Id` for each reference. */
export function pathValues(entity: EntityMeta, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const f of entity.fields) {
    if (f.type === 'ref' && values[f.name] != null && out[`${f.name}Id`] === undefined)
      out[`${f.name}Id`] = values[f.name];
  }
  return out;
}

/** Form values of a preset: the form holds a reference as `{ id }` (see fieldTypes). */
export function presetToFormValues(entity: EntityMeta, preset: Preset): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(preset)) {
    const field = entity.fields.find((f) => f.name === name);
    values[name] = field?.type === 'ref' ? { id: String(value) } : value;
  }
  return values;
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
    // an optional id (`/sales/invoices/:invoiceId?`) would also match the list path; without an
    // id the list and the create path answer, so the edit route requires it
    const edit = withLeadingSlash(entity.routes.edit).replace(
      new RegExp(`:${entity.routes.idParam}\\?$`),
      `:${entity.routes.idParam}`,
    );
    table.push({ kind: 'edit', entity, path: edit, idParam: entity.routes.idParam });
  }
  return table;
}

const matchesPreset = (preset: Preset | undefined, values: Record<string, unknown>) =>
  !!preset && Object.entries(preset).every(([k, v]) => paramValue(values[k]) === String(v));

/** The list a record belongs to: the preset list matching its values, else the plain list (:params from the record). */
export function listPathFor(entity: EntityMeta, values: Record<string, unknown> = {}): string | null {
  const lists = listRoutes(entity);
  const list = lists.find((l) => matchesPreset(l.preset, values)) ?? lists.find((l) => !l.preset) ?? lists[0];
  return list ? fillPath(list.path, pathValues(entity, values)) : null;
}

/** The create path, its :params filled from the preset (or given values). */
export function createPathFor(entity: EntityMeta, values: Record<string, unknown> = {}): string | null {
  return entity.routes ? fillPath(entity.routes.create, pathValues(entity, values)) : null;
}

/**
 * The Create link of a list: the create path with its :params from the preset; preset values
 * the path does not carry (/production/maintenancelog/:equipmentId -> equipment) travel as
 * react-admin's `?source=` initial values.
 */
export function createLinkFor(entity: EntityMeta, preset: Preset | undefined): string | null {
  const path = createPathFor(entity, preset ?? {});
  if (!path || !entity.routes) return path;
  const inPath = new Set(pathParams(entity.routes.create).map((p) => paramField(entity, p.name)?.name ?? p.name));
  const rest = Object.fromEntries(Object.entries(preset ?? {}).filter(([name]) => !inPath.has(name)));
  if (!Object.keys(rest).length) return path;
  return `${path}?source=${encodeURIComponent(JSON.stringify(presetToFormValues(entity, rest)))}`;
}

/** The edit path of a record: the id param from `record.id`, other params from its fields. */
export function editPathFor(
  entity: EntityMeta,
  record: Record<string, unknown>,
  fallback: Record<string, unknown> = {},
): string | null {
  if (!entity.routes) return null;
  return fillPath(
    entity.routes.edit,
    pathValues(entity, { ...fallback, ...record, [entity.routes.idParam]: record.id }),
  );
}

/** Menu groups in the spec's order (favourites, 2.5); other areas follow in first-seen order. */
export const AREA_ORDER = [
  'production',
  'equipment',
  'inventory',
  'sales',
  'purchasing',
  'alcohol',
  'planning',
  'reports',
];

/**
 * Menu group of a list route: the entity's area; a preset list (a slice of a shared entity,
 * /sales/customercategories) goes to the area its path starts with.
 */
export function menuGroupOf(route: ListRouteEntry): string {
  const segments = route.path.split('/').filter(Boolean);
  return route.preset && segments.length >= 2 ? segments[0] : route.entity.area;
}

/** A list path with :params needs a context (an equipment) and cannot be opened from the menu. */
export const isMenuRoute = (route: ListRouteEntry): boolean => pathParams(route.path).length === 0;

export interface MenuGroup {
  group: string;
  items: ListRouteEntry[];
}

/** The list routes the user may open, grouped for the menu and the dashboard. */
export function menuGroups(entities: readonly EntityMeta[], canOpen: (entity: EntityMeta) => boolean): MenuGroup[] {
  const groups = new Map<string, ListRouteEntry[]>();
  for (const route of routeTable(entities)) {
    if (route.kind !== 'list' || !isMenuRoute(route) || !canOpen(route.entity)) continue;
    const group = menuGroupOf(route);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(route);
  }
  const rank = (g: string) => (AREA_ORDER.includes(g) ? AREA_ORDER.indexOf(g) : AREA_ORDER.length);
  return [...groups].map(([group, items]) => ({ group, items })).sort((a, b) => rank(a.group) - rank(b.group));
}
