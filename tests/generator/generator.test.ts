// Golden tests: a small schema folder in, the expected generated files out; every broken-file
// error names its file and JSON pointer; tables changes become new migrations; and the
// committed migrations and schema.graphql match what the real schema/ generates.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generators/generate';
import { DropError } from '../../generators/emit/migrations';
import { loadEntities, SchemaError } from '../../generators/load';
import { listParamField } from '../../src/shared/names';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** A scratch project whose schema/ is the small fixture (plus the real meta-schema). */
function scratch(extra?: (schemaDir: string) => void) {
  const root = mkdtempSync(path.join(tmpdir(), 'gen-'));
  const schemaDir = path.join(root, 'schema');
  cpSync(path.join(here, 'fixtures', 'small'), schemaDir, { recursive: true });
  cpSync(path.join(repo, 'schema', 'meta'), path.join(schemaDir, 'meta'), { recursive: true });
  extra?.(schemaDir);
  return { root, schemaDir };
}

const GOLDEN = [
  'entities.ts',
  'clientEntities.ts',
  'tables.ts',
  'validators.ts',
  'operations.ts',
  'i18n.ts',
  'i18n.en.ts',
  'i18n.fr.ts',
  'introspection.ts',
  'routes.ts',
  'types.ts',
];

describe('generator', () => {
  it('turns the small schema folder into the expected files', async () => {
    const { root } = scratch();
    await generate({ root });
    const outDir = path.join(root, 'src', 'generated');
    const outputs: Record<string, string> = Object.fromEntries(
      GOLDEN.map((f) => [f, readFileSync(path.join(outDir, f), 'utf8')]),
    );
    outputs['schema.graphql'] = readFileSync(path.join(root, 'src', 'server', 'graphql', 'schema.graphql'), 'utf8');
    outputs['0001_init.sql'] = readFileSync(
      path.join(root, 'src', 'server', 'db', 'migrations', '0001_init.sql'),
      'utf8',
    );
    for (const [name, text] of Object.entries(outputs)) {
      const golden = path.join(here, 'golden', `${name}.golden`);
      if (UPDATE) writeFileSync(golden, text);
      expect(text, `${name} differs from tests/generator/golden (UPDATE_GOLDEN=1 rewrites them)`).toBe(
        readFileSync(golden, 'utf8'),
      );
      expect(text.startsWith('/* eslint-disable */\n// DO NOT EDIT') || !name.endsWith('.ts')).toBe(true);
    }
  });

  it('is deterministic: a second run writes nothing and adds no migration', async () => {
    const { root } = scratch();
    await generate({ root });
    const again = await generate({ root });
    expect(again.written).toEqual([]);
    expect(again.migration).toBeUndefined();
  });

  it('writes a new migration when a product owner adds a field, and check mode sees it first', async () => {
    const { root, schemaDir } = scratch();
    await generate({ root });
    const file = path.join(schemaDir, 'sales', 'client.json');
    const client = JSON.parse(readFileSync(file, 'utf8'));
    client.properties.website = { type: 'string', maxLength: 200, label: { fr: 'Site web' } };
    client.properties.rating = { type: 'integer', minimum: 1, maximum: 5, label: { fr: 'Note' } };
    client.required.push('rating');
    client.filters.push('rating');
    writeFileSync(file, JSON.stringify(client));
    const check = await generate({ root, check: true });
    expect(check.stale).toEqual([
      'src/server/db/migrations (a new migration: clients_website, clients_rating)',
      'src/server/graphql/schema.graphql',
    ]);
    const result = await generate({ root });
    expect(result.migration).toBe('0002_clients_website_clients_rating.sql');
    const sql = readFileSync(path.join(root, 'src', 'server', 'db', 'migrations', result.migration!), 'utf8');
    expect(sql).toContain('ALTER TABLE "clients" ADD COLUMN "website" text;');
    // a required column on a table that may hold rows: filled, then the filler removed
    expect(sql).toContain('ALTER TABLE "clients" ADD COLUMN "rating" integer DEFAULT 0 NOT NULL;');
    expect(sql).toContain('ALTER TABLE "clients" ALTER COLUMN "rating" DROP DEFAULT;');
    expect(sql).toContain('CREATE INDEX "clients_rating_idx" ON "clients" ("company_id", "rating", "id");');
    const generated = readFileSync(path.join(root, 'src', 'generated', 'validators.ts'), 'utf8');
    expect(generated).toContain('website: optionalValue(');
    expect(readFileSync(path.join(root, 'src', 'server', 'graphql', 'schema.graphql'), 'utf8')).toContain(
      'website: String',
    );
    expect((await generate({ root, check: true })).stale).toEqual([]);
  });

  it('never drops a column or table silently: it stops, names them and writes nothing, until allowed', async () => {
    const { root, schemaDir } = scratch();
    await generate({ root });
    const file = path.join(schemaDir, 'sales', 'client.json');
    const client = JSON.parse(readFileSync(file, 'utf8'));
    // a rename: limit becomes creditLimit, which the diff can only read as a drop plus an add
    client.properties.creditLimit = client.properties.limit;
    delete client.properties.limit;
    const renamed = (names: string[]) => names.map((c) => (c === 'limit' ? 'creditLimit' : c));
    client.list.columns = renamed(client.list.columns);
    client.values = renamed(client.values);
    // and the group entity goes, with the client's reference to it
    delete client.properties.group;
    client.list.columns = client.list.columns.filter((c: string) => c !== 'group');
    client.filters = client.filters.filter((c: string) => c !== 'group');
    writeFileSync(file, JSON.stringify(client));
    rmSync(path.join(schemaDir, 'inventory', 'group.json'));
    const migrations = path.join(root, 'src', 'server', 'db', 'migrations');
    const generated = path.join(root, 'src', 'generated', 'tables.ts');
    const before = { files: readdirSync(migrations), tables: readFileSync(generated, 'utf8') };
    let error: unknown;
    try {
      await generate({ root });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DropError);
    expect((error as DropError).drops.sort()).toEqual(['clients.group_id', 'clients.limit', 'groups']);
    expect((error as Error).message).toContain('column clients.limit');
    expect((error as Error).message).toContain('table groups');
    expect((error as Error).message).toContain('write that migration by hand');
    expect((error as Error).message).toContain('npm run generate -- --allow-drop');
    expect({ files: readdirSync(migrations), tables: readFileSync(generated, 'utf8') }).toEqual(before);
    // one drop allowed is not enough
    await expect(generate({ root, allowDrop: ['clients.limit'] })).rejects.toThrow(/column clients.group_id/);
    const result = await generate({ root, allowDrop: ['clients.limit', 'clients.group_id', 'groups'] });
    const sql = readFileSync(path.join(migrations, result.migration!), 'utf8');
    expect(sql).toContain('ALTER TABLE "clients" DROP COLUMN "limit";');
    expect(sql).toContain('DROP TABLE "groups" CASCADE;');
    expect(sql).toContain('ALTER TABLE "clients" ADD COLUMN "credit_limit"');
  });

  const broken: [string, (s: Record<string, any>) => void, string, string][] = [
    ['an unknown keyword', (s) => (s.properties.name.colour = 'red'), '/properties/name', "unknown keyword 'colour'"],
    [
      'a missing French label',
      (s) => delete s.properties.name.label.fr,
      '/properties/name/label',
      "must have required property 'fr'",
    ],
    [
      'a list column that is no field',
      (s) => s.list.columns.push('nope'),
      '/list/columns/3',
      "'nope' is not a field of client",
    ],
    [
      'a reference to no entity',
      (s) => (s.properties.group.ref = 'team'),
      '/properties/group/ref',
      "no entity named 'team'",
    ],
    [
      'a missing enum label',
      (s) => delete s.properties.kind.enumLabels.B,
      '/properties/kind/enumLabels',
      "no label for enum value 'B'",
    ],
    ['a bad permission', (s) => (s.permissions.read = ['sell']), '/permissions/read/0', 'must match pattern'],
    [
      'a field with neither type nor ref',
      (s) => delete s.properties.limit.type,
      '/properties/limit',
      "must have required property 'type'",
    ],
    ['a filter on lines', (s) => s.filters.push('lines'), '/filters', "'lines' cannot be sorted or filtered"],
    [
      'a CSV import without a required field',
      (s) => (s.csv = { import: ['email'] }),
      '/csv/import',
      "required field 'name' is not imported",
    ],
    [
      'a list parameter that names no field',
      (s) => (s.routes.list = 'sales/clients/:teamId'),
      '/routes/list',
      "list parameter ':teamId' is neither a field nor ':<ref field>Id'",
    ],
    [
      'a list parameter on lines',
      (s) => (s.routes.list = [{ path: 'sales/clients/:lines' }]),
      '/routes/list/0',
      "list parameter ':lines' names 'lines', which cannot be filtered",
    ],
    [
      'a list parameter its preset sets too',
      (s) => (s.routes.list = [{ path: 'sales/clients/:kind', preset: { kind: 'A' } }]),
      '/routes/list/0',
      "'kind' is set twice by the list path and its preset",
    ],
    [
      'two routes with the same pattern',
      (s) => (s.routes.create = 'sales/clients/:other'),
      '/routes',
      "route 'sales/clients/:clientId' clashes with 'sales/clients/:other'",
    ],
  ];
  it.each(broken)(
    'reports %s with the file and JSON pointer, and writes nothing',
    async (_what, breakIt, pointer, message) => {
      const { root, schemaDir } = scratch((dir) => {
        const file = path.join(dir, 'sales', 'client.json');
        const s = JSON.parse(readFileSync(file, 'utf8'));
        breakIt(s);
        writeFileSync(file, JSON.stringify(s));
      });
      let error: unknown;
      try {
        loadEntities(schemaDir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SchemaError);
      const problems = (error as SchemaError).problems;
      expect(problems).toContainEqual({
        file: 'schema/sales/client.json',
        pointer,
        message: expect.stringContaining(message),
      });
      await expect(generate({ root })).rejects.toThrow(SchemaError);
      mkdirSync(path.join(root, 'src'), { recursive: true });
      expect(readdirSync(path.join(root, 'src'))).toEqual([]);
    },
  );

  it('lets a list path carry :params that name the field they filter, a ref field by <name>Id', () => {
    const { schemaDir } = scratch((dir) => {
      const file = path.join(dir, 'sales', 'client.json');
      const s = JSON.parse(readFileSync(file, 'utf8'));
      s.routes = {
        list: [{ path: 'sales/clients' }, { path: 'sales/groups/:groupId/clients' }, { path: 'sales/kinds/:kind' }],
        edit: 'sales/clients/:clientId',
      };
      writeFileSync(file, JSON.stringify(s));
    });
    const client = loadEntities(schemaDir).find((e) => e.name === 'client')!;
    expect(client.routes!.lists.map((l) => l.path)).toEqual([
      'sales/clients',
      'sales/groups/:groupId/clients',
      'sales/kinds/:kind',
    ]);
    expect(listParamField(client.fields, 'groupId')?.name).toBe('group');
    expect(listParamField(client.fields, 'kind')?.name).toBe('kind');
    // only a ref answers to <name>Id: 'kindId' names nothing
    expect(listParamField(client.fields, 'kindId')).toBeUndefined();
    expect(client.routes!.create).toBe('sales/clients/new');
  });

  it('reports a file that is not JSON', () => {
    const { schemaDir } = scratch((dir) => writeFileSync(path.join(dir, 'sales', 'bad.json'), '{ "name": '));
    expect(() => loadEntities(schemaDir)).toThrow(/schema\/sales\/bad.json: not valid JSON/);
  });

  it('finds the committed migrations and schema.graphql up to date with schema/', async () => {
    const result = await generate({ root: repo, check: true });
    expect(result.stale, 'run npm run generate and commit the migration and schema.graphql').toEqual([]);
  });
});
