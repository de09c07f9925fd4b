// Hand-made entity metadata in the shape of src/generated/entities.ts, so the client's pure
// modules can be tested without running the generator.
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';

const label = (en: string) => ({ en, fr: en });
const field = (f: Partial<FieldMeta> & Pick<FieldMeta, 'name' | 'type'>): FieldMeta => ({
  column: f.name,
  label: label(f.name),
  required: false,
  ...f,
});

const ops = (name: string, plural: string) => ({
  connection: `${plural}2`,
  get: name,
  create: `${name}Create`,
  update: `${name}Update`,
  export: `${plural}Export`,
  import: `${plural}Import`,
});

export const category: EntityMeta = {
  name: 'category',
  plural: 'categories',
  typeName: 'Category',
  area: 'inventory',
  file: 'schema/inventory/category.json',
  table: 'categories',
  scope: 'company',
  label: { en: 'Category', enPlural: 'Categories', fr: 'Catégorie', frPlural: 'Catégories' },
  fields: [
    field({ name: 'name', type: 'string', required: true, maxLength: 100, searchable: true }),
    field({ name: 'type', type: 'enum', required: true, values: ['Customer', 'Item', 'Product'] }),
    field({ name: 'active', type: 'boolean', default: true }),
  ],
  titleField: 'name',
  permissions: { read: ['inventory.read', 'selling.read'], write: ['inventory.write', 'selling.write'] },
  crud: true,
  routes: {
    lists: [
      { path: 'inventory/itemcategories', preset: { type: 'Item' } },
      { path: 'inventory/productcategories', preset: { type: 'Product' } },
      { path: 'sales/customercategories', preset: { type: 'Customer' } },
    ],
    create: 'inventory/category/new/:type',
    edit: 'inventory/category/:type/:categoryId',
    idParam: 'categoryId',
  },
  list: { columns: ['name', 'type', 'active'], sort: { field: 'name', reverse: false } },
  filters: ['type', 'active'],
  ops: ops('category', 'categories'),
};

export const customer: EntityMeta = {
  name: 'customer',
  plural: 'customers',
  typeName: 'Customer',
  area: 'sales',
  file: 'schema/sales/customer.json',
  table: 'customers',
  scope: 'company',
  label: { en: 'Customer', enPlural: 'Customers', fr: 'Client', frPlural: 'Clients' },
  fields: [
    field({ name: 'ref', type: 'string', readOnly: true }),
    field({ name: 'name', type: 'string', required: true, maxLength: 100, searchable: true }),
    field({ name: 'active', type: 'boolean', default: true }),
    field({ name: 'type', type: 'enum', values: ['Retail', 'Wholesale'] }),
    field({ name: 'email', type: 'string', format: 'email', maxLength: 200 }),
    field({ name: 'category', type: 'ref', ref: 'category', refFilter: { type: 'Customer' }, column: 'category_id' }),
    field({ name: 'creditLimit', type: 'decimal', precision: 2, needsValues: true }),
    field({ name: 'secret', type: 'string', internal: true }),
    field({ name: 'tags', type: 'stringList' }),
    field({ name: 'since', type: 'date' }),
  ],
  titleField: 'name',
  permissions: { read: ['selling.read'], write: ['selling.write'] },
  crud: true,
  routes: {
    lists: [{ path: 'sales/customers', name: 'SalesCustomers' }],
    create: 'sales/customers/new',
    edit: 'sales/customers/:customerId',
    idParam: 'customerId',
  },
  list: { columns: ['name', 'type', 'category'], sort: { field: 'name', reverse: false } },
  filters: ['active', 'type', 'category'],
  ops: ops('customer', 'customers'),
};

export const product: EntityMeta = {
  name: 'product',
  plural: 'products',
  typeName: 'Product',
  area: 'inventory',
  file: 'schema/inventory/product.json',
  table: 'products',
  scope: 'company',
  label: { en: 'Product', enPlural: 'Products', fr: 'Produit', frPlural: 'Produits' },
  feature: 'allowWine',
  fields: [
    field({ name: 'name', type: 'string', required: true }),
    field({ name: 'caseSize', type: 'integer', minimum: 1 }),
    field({
      name: 'bom',
      type: 'lines',
      lines: {
        table: 'products_bom',
        totals: [],
        fields: [
          field({ name: 'name', type: 'string', required: true }),
          field({ name: 'quantity', type: 'decimal', precision: 3 }),
          field({ name: 'item', type: 'ref', ref: 'item' }),
          field({ name: 'computed', type: 'decimal', readOnly: true }),
        ],
      },
    }),
  ],
  titleField: 'name',
  permissions: { read: ['inventory.read'], write: ['inventory.write'] },
  crud: true,
  routes: {
    lists: [{ path: 'inventory/products', name: 'InventoryProducts' }],
    create: 'inventory/products/new',
    edit: 'inventory/products/:productId',
    idParam: 'productId',
  },
  list: { columns: ['name', 'caseSize'], sort: { field: 'name', reverse: true } },
  filters: ['caseSize'],
  ops: ops('product', 'products'),
};

export const entities = [category, customer, product];

const listDoc = (plural: string) =>
  `query L($first: Int, $after: String, $last: Int, $before: String, $filters: [Filter!], $sortKey: String, $reverse: Boolean, $parameters: ListParameters) { ${plural}2(first: $first, after: $after, last: $last, before: $before, filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters) { totalCount pageInfo { hasPreviousPage hasNextPage startCursor endCursor } edges { cursor node { id name } } } }`;
const docs = (name: string, plural: string, type: string) => ({
  list: listDoc(plural),
  get: `query G($id: ID!) { ${name}(id: $id) { id name } }`,
  create: `mutation C($input: ${type}Input!) { ${name}Create(input: $input) { id name } }`,
  update: `mutation U($id: ID!, $input: ${type}Input!) { ${name}Update(id: $id, input: $input) { id name } }`,
  export: `query E($filters: [Filter!], $sortKey: String, $reverse: Boolean, $parameters: ListParameters) { ${plural}Export(filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters) }`,
});

export const documents = {
  category: docs('category', 'categories', 'Category'),
  customer: docs('customer', 'customers', 'Customer'),
  product: docs('product', 'products', 'Product'),
};

export const commonDocuments = {
  objectDelete: 'mutation D($id: ID!) { objectDelete(id: $id) { id error } }',
  objectsDelete: 'mutation DM($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }',
  companies: 'query Companies { companies { id name permissions } }',
};
