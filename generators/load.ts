// Reads schema/<area>/<entity>.json, validates each file against the meta-schema and the
// cross-file rules, and normalizes it into EntityMeta. Every problem is reported with the
// file and a JSON pointer so a product owner can find it; nothing is written on error.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv';
import type { EntityMeta, FieldMeta, FieldType, Labels, ListRoute } from '../src/shared/meta';
import {
  columnName,
  humanize,
  linesTableName,
  listParamField,
  operationNames,
  pascal,
  tableName,
} from '../src/shared/names';

export interface SchemaProblem {
  file: string;
  pointer: string;
  message: string;
}

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(problems.map((p) => `${p.file}${p.pointer ? ` at ${p.pointer}` : ''}: ${p.message}`).join('\n'));
    this.name = 'SchemaError';
  }
}

interface RawField {
  label: { en?: string; fr: string };
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  format?: 'email' | 'date' | 'date-time';
  multiline?: true;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  precision?: number;
  units?: string;
  enum?: string[];
  enumLabels?: Record<string, { en?: string; fr: string }>;
  default?: unknown;
  readOnly?: true;
  internal?: true;
  unique?: true;
  ref?: string;
  refFilter?: Record<string, string | number | boolean>;
  items?: { type: 'string' | 'object'; properties?: Record<string, RawField>; required?: string[] };
  totals?: string[];
}

interface RawEntity {
  name: string;
  plural?: string;
  scope?: 'company' | 'global';
  api?: 'crud' | 'none';
  label: { en?: string; enPlural?: string; fr: string; frPlural: string };
  titleField?: string;
  routes?: { name?: string; list: string | ListRoute[]; create?: string; edit: string };
  permissions?: { read: string[]; write: string[] };
  help?: string;
  feature?: string;
  completesTask?: true;
  properties: Record<string, RawField>;
  required?: string[];
  list?: { columns: string[]; sort?: string };
  filters?: string[];
  search?: string[];
  csv?: { import: string[]; mandatory?: string[] };
  values?: string[];
}

export function listSchemaFiles(schemaDir: string): string[] {
  const out: string[] = [];
  for (const area of readdirSync(schemaDir).sort()) {
    const dir = path.join(schemaDir, area);
    if (area === 'meta' || !statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) if (file.endsWith('.json')) out.push(path.join(dir, file));
  }
  return out;
}

export function loadEntities(schemaDir: string): EntityMeta[] {
  const metaSchema = JSON.parse(readFileSync(path.join(schemaDir, 'meta', 'entity.schema.json'), 'utf8'));
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  const validate = ajv.compile(metaSchema);
  const problems: SchemaProblem[] = [];
  const raws: { raw: RawEntity; file: string; area: string }[] = [];

  for (const absolute of listSchemaFiles(schemaDir)) {
    const file = path.relative(path.dirname(schemaDir), absolute);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(absolute, 'utf8'));
    } catch (error) {
      problems.push({ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    if (!validate(raw)) {
      for (const e of validate.errors ?? []) {
        // if/then and oneOf wrappers repeat the real cause; keep the specific messages
        if (e.keyword === 'if' || e.keyword === 'oneOf' || e.keyword === 'allOf') continue;
        problems.push({ file, pointer: e.instancePath || '/', message: describeAjvError(e) });
      }
      continue;
    }
    raws.push({ raw: raw as RawEntity, file, area: path.basename(path.dirname(absolute)) });
  }
  if (problems.length) throw new SchemaError(problems);

  const names = new Set<string>();
  for (const { raw, file } of raws) {
    if (names.has(raw.name))
      problems.push({ file, pointer: '/name', message: `entity '${raw.name}' is defined twice` });
    names.add(raw.name);
  }
  const entities = raws.map(({ raw, file, area }) => normalize(raw, file, area, problems));
  checkReferences(
    entities,
    raws.map((r) => r.raw),
    problems,
  );
  checkRouteClashes(entities, problems);
  if (problems.length) throw new SchemaError(problems);
  return entities.sort((a, b) => a.name.localeCompare(b.name));
}

function describeAjvError(e: { keyword: string; message?: string; params: Record<string, unknown> }): string {
  if (e.keyword === 'additionalProperties') return `unknown keyword '${String(e.params.additionalProperty)}'`;
  if (e.keyword === 'enum') return `${e.message}: ${(e.params.allowedValues as unknown[]).join(', ')}`;
  return e.message ?? e.keyword;
}

function labelsOf(name: string, label: { en?: string; fr: string }): Labels {
  return { en: label.en ?? humanize(name), fr: label.fr };
}

function fieldType(raw: RawField): FieldType {
  if (raw.ref) return 'ref';
  if (raw.type === 'array') return raw.items?.type === 'object' ? 'lines' : 'stringList';
  if (raw.type === 'integer') return 'integer';
  if (raw.type === 'number') return 'decimal';
  if (raw.type === 'boolean') return 'boolean';
  if (raw.enum) return 'enum';
  if (raw.format === 'date') return 'date';
  if (raw.format === 'date-time') return 'datetime';
  return raw.multiline ? 'text' : 'string';
}

function normalizeField(
  name: string,
  raw: RawField,
  ctx: {
    file: string;
    pointer: string;
    required: boolean;
    table: string;
    entity: RawEntity;
    problems: SchemaProblem[];
  },
): FieldMeta {
  const type = fieldType(raw);
  const field: FieldMeta = {
    name,
    column: columnName(name, type === 'ref'),
    type,
    label: labelsOf(name, raw.label),
    required: ctx.required,
  };
  if (raw.readOnly) field.readOnly = true;
  if (raw.internal) field.internal = true;
  if (raw.unique) field.unique = true;
  if (raw.maxLength !== undefined) field.maxLength = raw.maxLength;
  if (raw.minimum !== undefined) field.minimum = raw.minimum;
  if (raw.maximum !== undefined) field.maximum = raw.maximum;
  if (raw.format === 'email') field.format = 'email';
  if (raw.pattern) field.pattern = raw.pattern;
  if (type === 'decimal') field.precision = raw.precision ?? 2;
  if (raw.units) field.units = raw.units;
  if (raw.ref) field.ref = raw.ref;
  if (raw.refFilter) field.refFilter = raw.refFilter;
  if (raw.default !== undefined) field.default = raw.default as FieldMeta['default'];
  if (type === 'enum') {
    field.values = raw.enum!;
    field.valueLabels = raw.enum!.map((value) => {
      const label = raw.enumLabels?.[value];
      if (!label)
        ctx.problems.push({
          file: ctx.file,
          pointer: `${ctx.pointer}/enumLabels`,
          message: `no label for enum value '${value}'`,
        });
      return labelsOf(value, label ?? { fr: value });
    });
    for (const key of Object.keys(raw.enumLabels ?? {}))
      if (!raw.enum!.includes(key))
        ctx.problems.push({
          file: ctx.file,
          pointer: `${ctx.pointer}/enumLabels/${key}`,
          message: `'${key}' is not an enum value`,
        });
    if (raw.default !== undefined && !raw.enum!.includes(String(raw.default)))
      ctx.problems.push({
        file: ctx.file,
        pointer: `${ctx.pointer}/default`,
        message: `default '${String(raw.default)}' is not an enum value`,
      });
  }
  if (type === 'lines') {
    const props = raw.items?.properties ?? {};
    const required = new Set(raw.items?.required ?? []);
    for (const r of required)
      if (!props[r])
        ctx.problems.push({
          file: ctx.file,
          pointer: `${ctx.pointer}/items/required`,
          message: `'${r}' is not a line field`,
        });
    const fields = Object.entries(props).map(([n, f]) =>
      normalizeField(n, f, { ...ctx, pointer: `${ctx.pointer}/items/properties/${n}`, required: required.has(n) }),
    );
    for (const f of fields)
      if (f.type === 'lines')
        ctx.problems.push({
          file: ctx.file,
          pointer: `${ctx.pointer}/items/properties/${f.name}`,
          message: 'lines cannot nest lines',
        });
    for (const t of raw.totals ?? [])
      if (!fields.some((f) => f.name === t && (f.type === 'decimal' || f.type === 'integer')))
        ctx.problems.push({
          file: ctx.file,
          pointer: `${ctx.pointer}/totals`,
          message: `'${t}' is not a numeric line field`,
        });
    field.lines = { table: linesTableName(ctx.table, name), fields, totals: raw.totals ?? [] };
  }
  return field;
}

function normalize(raw: RawEntity, file: string, area: string, problems: SchemaProblem[]): EntityMeta {
  const plural = raw.plural ?? `${raw.name}s`;
  const table = tableName(plural);
  const fieldNames = Object.keys(raw.properties);
  const required = new Set(raw.required ?? []);
  const has = (n: string) => fieldNames.includes(n);
  const checkNames = (list: string[] | undefined, pointer: string, allowId = false) =>
    (list ?? []).forEach((n, i) => {
      if (!has(n) && !(allowId && n === 'id'))
        problems.push({ file, pointer: `${pointer}/${i}`, message: `'${n}' is not a field of ${raw.name}` });
    });
  checkNames(raw.required, '/required');
  checkNames(raw.list?.columns, '/list/columns', true);
  checkNames(raw.filters, '/filters', true);
  checkNames(raw.search, '/search');
  checkNames(raw.csv?.import, '/csv/import');
  checkNames(raw.csv?.mandatory, '/csv/mandatory');
  // `values` may name a field of lines as `lines.unitPrice`: hidden and refused inside each line
  checkNames(
    raw.values?.map((n) => n.split('.')[0]),
    '/values',
  );
  // an import that leaves out a required field without a default could never create a row
  for (const n of raw.required ?? [])
    if (raw.csv && !raw.csv.import.includes(n) && raw.properties[n] && raw.properties[n].default === undefined)
      problems.push({ file, pointer: '/csv/import', message: `required field '${n}' is not imported` });

  const fields = fieldNames.map((n) =>
    normalizeField(n, raw.properties[n], {
      file,
      pointer: `/properties/${n}`,
      required: required.has(n),
      table,
      entity: raw,
      problems,
    }),
  );
  for (const n of raw.search ?? []) {
    const f = fields.find((x) => x.name === n);
    if (f && f.type !== 'string' && f.type !== 'text')
      problems.push({ file, pointer: '/search', message: `'${n}' is not a text field` });
    if (f) f.searchable = true;
  }
  for (const [i, n] of (raw.values ?? []).entries()) {
    const [name, lineName] = n.split('.');
    const f = fields.find((x) => x.name === name);
    if (!f) continue;
    if (lineName === undefined) {
      f.needsValues = true;
      continue;
    }
    const line = f.type === 'lines' ? f.lines?.fields.find((x) => x.name === lineName) : undefined;
    if (line) line.needsValues = true;
    else
      problems.push({
        file,
        pointer: `/values/${i}`,
        message:
          f.type === 'lines'
            ? `'${lineName}' is not a field of ${name}`
            : `'${name}' has no lines: '${n}' cannot be gated`,
      });
  }
  const titleField = raw.titleField ?? 'name';
  if (!has(titleField))
    problems.push({
      file,
      pointer: raw.titleField ? '/titleField' : '',
      message: `title field '${titleField}' is not a field of ${raw.name}`,
    });

  const sortRaw = raw.list?.sort ?? titleField;
  const sortField = sortRaw.replace(/^-/, '');
  if (!has(sortField) && sortField !== 'id')
    problems.push({ file, pointer: '/list/sort', message: `'${sortField}' is not a field of ${raw.name}` });
  for (const n of [sortField, ...(raw.filters ?? [])]) {
    const f = fields.find((x) => x.name === n);
    if (f && (f.type === 'lines' || f.type === 'stringList'))
      problems.push({
        file,
        pointer: n === sortField ? '/list/sort' : '/filters',
        message: `'${n}' cannot be sorted or filtered`,
      });
  }

  const scope = raw.scope ?? 'company';
  const crud = (raw.api ?? (scope === 'company' ? 'crud' : 'none')) === 'crud';
  if (crud && !raw.permissions)
    problems.push({ file, pointer: '', message: 'an entity with an API needs permissions' });
  if (crud && scope === 'global')
    problems.push({ file, pointer: '/api', message: 'global entities have no generic API' });
  if (raw.routes && !crud) problems.push({ file, pointer: '/routes', message: 'routes need the crud API' });

  const dates = fields.filter((f) => f.type === 'date' || f.type === 'datetime').map((f) => f.name);
  const entity: EntityMeta = {
    name: raw.name,
    plural,
    typeName: pascal(raw.name),
    area,
    file,
    table,
    scope,
    label: {
      en: raw.label.en ?? humanize(raw.name),
      enPlural: raw.label.enPlural ?? humanize(plural),
      fr: raw.label.fr,
      frPlural: raw.label.frPlural,
    },
    fields,
    titleField,
    permissions: raw.permissions ?? { read: ['config.read'], write: ['config.write'] },
    crud,
    list: { columns: raw.list?.columns ?? [titleField], sort: { field: sortField, reverse: sortRaw.startsWith('-') } },
    filters: raw.filters ?? [],
    ops: operationNames(raw.name, plural),
  };
  if (raw.feature) entity.feature = raw.feature;
  if (raw.help) entity.help = raw.help;
  if (raw.completesTask) entity.completesTask = true;
  if (raw.csv)
    entity.csv = {
      import: raw.csv.import,
      mandatory: raw.csv.mandatory ?? raw.csv.import.filter((n) => required.has(n)),
      dates: raw.csv.import.filter((n) => dates.includes(n)),
    };
  if (raw.routes) entity.routes = normalizeRoutes(raw, file, fields, problems);
  return entity;
}

function normalizeRoutes(raw: RawEntity, file: string, fields: FieldMeta[], problems: SchemaProblem[]) {
  const r = raw.routes!;
  const fieldNames = fields.map((f) => f.name);
  const lists: ListRoute[] =
    typeof r.list === 'string' ? [{ path: r.list, ...(r.name ? { name: r.name } : {}) }] : r.list;
  if (typeof r.list !== 'string' && r.name)
    problems.push({ file, pointer: '/routes/name', message: 'with several lists, name each list' });
  const create = r.create ?? `${lists[0].path}/new`;
  const params = (p: string) => [...p.matchAll(/:([a-zA-Z]+)\??/g)].map((m) => m[1]);
  const editParams = params(r.edit);
  const idParam = editParams[editParams.length - 1];
  for (const p of [...params(create), ...editParams.slice(0, -1)])
    if (!fieldNames.includes(p))
      problems.push({ file, pointer: '/routes', message: `route parameter ':${p}' is not a field` });
  lists.forEach((l, i) => {
    const pointer = typeof r.list === 'string' ? '/routes/list' : `/routes/list/${i}`;
    Object.keys(l.preset ?? {}).forEach((k) => {
      if (!fieldNames.includes(k))
        problems.push({ file, pointer: `${pointer}/preset/${k}`, message: `'${k}' is not a field` });
    });
    // a list path's :params filter the list (maintenance/:equipmentId): each names one filterable field
    const bound = new Set(Object.keys(l.preset ?? {}));
    for (const p of params(l.path)) {
      const field = listParamField(fields, p);
      if (!field)
        problems.push({ file, pointer, message: `list parameter ':${p}' is neither a field nor ':<ref field>Id'` });
      else if (field.type === 'lines' || field.type === 'stringList')
        problems.push({
          file,
          pointer,
          message: `list parameter ':${p}' names '${field.name}', which cannot be filtered`,
        });
      else if (bound.has(field.name))
        problems.push({ file, pointer, message: `'${field.name}' is set twice by the list path and its preset` });
      if (field) bound.add(field.name);
    }
  });
  return { lists, create, edit: r.edit, idParam };
}

/** Two routes with the same pattern (parameter names aside) would shadow each other. */
function checkRouteClashes(entities: EntityMeta[], problems: SchemaProblem[]) {
  const owners = new Map<string, string>();
  for (const e of entities) {
    if (!e.routes) continue;
    for (const p of [...e.routes.lists.map((l) => l.path), e.routes.create, e.routes.edit]) {
      const key = p.replace(/:[a-zA-Z]+\??/g, ':');
      const owner = owners.get(key);
      if (owner) problems.push({ file: e.file, pointer: '/routes', message: `route '${p}' clashes with ${owner}` });
      else owners.set(key, `'${p}' of ${e.file}`);
    }
  }
}

function checkReferences(entities: EntityMeta[], raws: RawEntity[], problems: SchemaProblem[]) {
  const byName = new Map(entities.map((e) => [e.name, e]));
  entities.forEach((e, i) => {
    const walk = (fields: FieldMeta[], base: string) => {
      for (const f of fields) {
        if (f.type === 'ref') {
          const target = byName.get(f.ref!);
          if (!target)
            problems.push({ file: e.file, pointer: `${base}/${f.name}/ref`, message: `no entity named '${f.ref}'` });
          else if (target.scope === 'company' && e.scope === 'global')
            problems.push({
              file: e.file,
              pointer: `${base}/${f.name}/ref`,
              message: 'a global entity cannot reference a company entity',
            });
          else
            for (const k of Object.keys(f.refFilter ?? {}))
              if (!target.fields.some((tf) => tf.name === k))
                problems.push({
                  file: e.file,
                  pointer: `${base}/${f.name}/refFilter/${k}`,
                  message: `'${k}' is not a field of ${target.name}`,
                });
        }
        if (f.lines) walk(f.lines.fields, `${base}/${f.name}/items/properties`);
      }
    };
    walk(e.fields, '/properties');
    void raws[i];
  });
  const routeNames = new Map<string, string>();
  for (const e of entities)
    for (const l of e.routes?.lists ?? [])
      if (l.name) {
        if (routeNames.has(l.name))
          problems.push({
            file: e.file,
            pointer: '/routes',
            message: `route name '${l.name}' is also used by ${routeNames.get(l.name)}`,
          });
        routeNames.set(l.name, e.file);
      }
}
