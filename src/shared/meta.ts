// The normalized entity model. The generator reads schema/<area>/<entity>.json, validates it
// against schema/meta/entity.schema.json and emits `src/generated/entities.ts`, an
// `EntityMeta[]` in this shape. Server (resolvers, SQL) and client (screens) both read it,
// so nothing about an entity is written twice.

/** Every kind of field the schema files can describe. Adding one here makes every
 * `satisfies Record<FieldType, ...>` registry fail to compile until it handles the new kind. */
export const FIELD_TYPES = [
  'string', // short text, optional maxLength / format email
  'text', // long text (multi-line input)
  'integer',
  'decimal', // numeric with precision (scale) and optional units
  'boolean',
  'date', // yyyy-MM-dd
  'datetime', // ISO 8601 with offset
  'enum', // string restricted to `values`
  'ref', // reference to another entity of the same company, stored as <field>_id
  'stringList', // list of short strings (permissions, add-ons)
  'lines', // array of objects, stored in a child table, edited as a grid
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface Labels {
  en: string;
  fr: string;
}

export interface FieldMeta {
  /** camelCase name used in GraphQL, TypeScript, forms */
  name: string;
  /** snake_case SQL column; for refs `<name>_id` */
  column: string;
  type: FieldType;
  label: Labels;
  required: boolean;
  /** filled by the server (id, audit stamps): shown, never written by clients */
  readOnly?: boolean;
  /** kept in the database but never exposed through the API (e.g. a secret) */
  internal?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: 'email';
  pattern?: string;
  /** decimals kept for `decimal` fields (SQL numeric scale) */
  precision?: number;
  units?: string;
  values?: string[];
  /** labels of enum values, same order as `values` */
  valueLabels?: Labels[];
  /** target entity name for `ref` */
  ref?: string;
  /** for `ref`: only targets whose fields equal these values may be chosen (category type) */
  refFilter?: Record<string, string | number | boolean>;
  /** for `lines`: the child fields; the child table is `<entity table>_<column>` */
  lines?: LinesMeta;
  /** JSON value of the schema's `default`, applied by the database and new forms */
  default?: string | number | boolean | string[];
  unique?: boolean;
  /** the field is hidden unless the user holds the `values` permission */
  needsValues?: boolean;
  /** take part in free-text search (`parameters`) */
  searchable?: boolean;
}

export interface LinesMeta {
  table: string;
  fields: FieldMeta[];
  /** fields summed under the grid */
  totals: string[];
}

export interface ListRoute {
  /** named route of spec 2.4, e.g. SalesCustomers */
  name?: string;
  /** e.g. inventory/itemcategories. May carry required :params (never optional), each of which
   * filters the list by the field it names (and presets it for records created from that list):
   * the field of that name, else the ref field `x` for `:xId` (`listParamField` in ./names), e.g.
   * production/maintenance/:equipmentId lists the maintenance tasks whose `equipment` is that id.
   * Such a list needs a value to open, so it is reached from its parent record, not the menu. */
  path: string;
  /** fixed field values: the list is filtered by them and new records get them */
  preset?: Record<string, string | number | boolean>;
}

export type Comparator = 'ge' | 'le' | 'eq';

export interface EntityMeta {
  /** camelCase singular: customer, product, salesOrder */
  name: string;
  /** camelCase plural: customers, products */
  plural: string;
  /** PascalCase GraphQL type name: Customer */
  typeName: string;
  area: string;
  /** schema file, for error messages */
  file: string;
  table: string;
  /** company-scoped (default) or global (company, user) */
  scope: 'company' | 'global';
  label: { en: string; fr: string; enPlural: string; frPlural: string };
  fields: FieldMeta[];
  /** shown by reference pickers and delete dialogs */
  titleField: string;
  permissions: { read: string[]; write: string[] };
  feature?: string;
  help?: string;
  /** opened from a task (spec 2.4 activityId): create completes that task in its transaction */
  completesTask?: boolean;
  /** react-admin / API operations are generated only for entities with crud */
  crud: boolean;
  routes?: {
    /** one list route, or several showing the same entity with preset field values
     * (item, product and customer categories) */
    lists: ListRoute[];
    /** create path; its :params other than none preset fields, e.g. inventory/category/new/:type */
    create: string;
    /** edit path; the last :param is the id, e.g. sales/customers/:customerId */
    edit: string;
    idParam: string;
  };
  list: { columns: string[]; sort: { field: string; reverse: boolean } };
  filters: string[];
  csv?: { import: string[]; mandatory: string[]; dates: string[] };
  /** derived GraphQL operation names, one place only */
  ops: {
    connection: string; // customers2
    get: string; // customer
    create: string; // customerCreate
    update: string; // customerUpdate
    export: string; // customersExport
    import: string; // customersImport
  };
}

/**
 * The browser's copy of the metadata (src/generated/clientEntities.ts, in the first page load).
 * It leaves out what only the server reads (the schema file, table and column names) and the
 * field and value labels, which the browser reads from the generated messages of its language
 * (src/generated/i18n.<lang>.ts) through react-admin's translate.
 */
export type ClientFieldMeta = Omit<FieldMeta, 'column' | 'label' | 'valueLabels' | 'lines'> & {
  lines?: ClientLinesMeta;
};
export type ClientLinesMeta = Omit<LinesMeta, 'table' | 'fields'> & { fields: ClientFieldMeta[] };
export type ClientEntityMeta = Omit<EntityMeta, 'file' | 'table' | 'fields'> & { fields: ClientFieldMeta[] };
