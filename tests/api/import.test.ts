// The CSV import mutations (spec 7: rows of strings in, a status per row out, empty on success):
// good, bad and mixed batches of customers; a row refused after its insert (a duplicate SKU) left
// with nothing behind while its batch commits; references by name and by SKU; dates in the
// file's format; the write permission, the feature flag and hostile arguments. Every expected
// status is the rule's message as spec 5 (or our message catalogue) words it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { customerTable, objectsTable } from '../../src/generated/tables';
import { auditLogTable } from '../../src/server/domain/audit/table';
import { MAX_IMPORT_ROWS } from '../../src/server/domain/import/importRows';

const IMPORT = (plural: string) =>
  `mutation($fields: [String!]!, $rows: [[String]!]!, $dateFormat: String) {
    ${plural}Import(fields: $fields, rows: $rows, dateFormat: $dateFormat) }`;

type Answer = { data?: Record<string, string[]>; errors?: { message: string; extensions: { code: string } }[] };

describe.each(backends)('CSV import on %s', (backend) => {
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof makeMember>>;
  const run = async (
    plural: string,
    fields: string[],
    rows: (string | null)[][],
    dateFormat?: string,
    who: { token: string; companyId: string } = owner,
  ) => {
    const { body } = await api.gql(who.companyId, IMPORT(plural), { fields, rows, dateFormat }, who.token);
    return body as Answer;
  };
  const statuses = async (...args: Parameters<typeof run>) => {
    const answer = await run(...args);
    expect(answer.errors).toBeUndefined();
    return answer.data![`${args[0]}Import`];
  };
  const customersNamed = async (prefix: string) =>
    (
      await api.database.db
        .select({ name: customerTable.name, email: customerTable.email, type: customerTable.type })
        .from(customerTable)
        .where(and(eq(customerTable.companyId, owner.companyId), sql`${customerTable.name} like ${prefix + '%'}`))
    ).sort((a, b) => a.name.localeCompare(b.name));
  const create = async (op: string, input: Record<string, unknown>) => {
    const { body } = await api.gql<Record<string, { id: string }>>(
      owner.companyId,
      `mutation($input: ${op[0].toUpperCase() + op.slice(1, -'Create'.length)}Input!) { ${op}(input: $input) { id } }`,
      { input },
      owner.token,
    );
    expect(body.errors).toBeUndefined();
    return body.data![op].id;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    owner = await makeMember(api, EVERYTHING);
  });
  afterAll(async () => api?.close());

  it('writes a good batch: every status empty, each customer created with its audit entry', async () => {
    const result = await statuses(
      'customers',
      ['name', 'email', 'type'],
      [
        ['Good Alpha', 'alpha@example.com', 'retail'],
        ['Good Beta', '', 'Wholesale'],
      ],
    );
    expect(result).toEqual(['', '']);
    expect(await customersNamed('Good ')).toEqual([
      { name: 'Good Alpha', email: 'alpha@example.com', type: 'Retail' },
      { name: 'Good Beta', email: null, type: 'Wholesale' },
    ]);
    const audits = await api.database.db
      .select({ event: auditLogTable.event })
      .from(auditLogTable)
      .where(and(eq(auditLogTable.companyId, owner.companyId), eq(auditLogTable.entity, 'customer')));
    expect(audits.filter((a) => a.event === 'created')).toHaveLength(2);
  });

  it('answers every row of a bad batch with its error and writes nothing', async () => {
    const result = await statuses(
      'customers',
      ['name', 'email', 'type', 'creditLimit'],
      [
        ['', 'bad@example.com', '', ''],
        ['Bad One', 'not-an-email', '', ''],
        ['Bad Two', '', 'Bogus', '12.345'],
        ['Bad Three', '', '', 'lots'],
        ['Bad Four', 'x@example.com'],
      ],
    );
    expect(result).toEqual([
      'Name: Required',
      'E-mail: Invalid e-mail',
      'Type: Must be one of Retail, Wholesale, Agency, Distributor, Export; Credit limit: At most 2 decimals',
      'Credit limit: Must be a number',
      'Expected 4 values, found 2',
    ]);
    expect(await customersNamed('Bad ')).toEqual([]);
  });

  it('writes the valid rows of a mixed batch and only those', async () => {
    const result = await statuses(
      'customers',
      ['name', 'email', 'creditLimit'],
      [
        ['Mixed 1', 'm1@example.com', '1 500.50'],
        ['Mixed 2', 'm2@', ''],
        ['Mixed 3', '', '$20'],
        ['x'.repeat(101), '', ''],
      ],
    );
    expect(result).toEqual(['', 'E-mail: Invalid e-mail', '', 'Name: Max length 100']);
    expect((await customersNamed('Mixed ')).map((c) => c.name)).toEqual(['Mixed 1', 'Mixed 3']);
    const [limit] = await api.database.db
      .select({ creditLimit: customerTable.creditLimit })
      .from(customerTable)
      .where(and(eq(customerTable.companyId, owner.companyId), eq(customerTable.name, 'Mixed 1')));
    expect(Number(limit.creditLimit)).toBe(1500.5);
  });

  it('rolls a row refused after its insert back alone: a duplicate SKU leaves no record and no object', async () => {
    const objects = async () =>
      (
        await api.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(objectsTable)
          .where(and(eq(objectsTable.companyId, owner.companyId), eq(objectsTable.entity, 'product')))
      )[0].n;
    const before = await objects();
    const result = await statuses(
      'products',
      ['sku', 'name'],
      [
        ['GIN-70', 'Gin 70 cl'],
        ['GIN-70', 'Gin again'],
        ['VOD-70', 'Vodka 70 cl'],
      ],
    );
    expect(result).toEqual(['', 'SKU: Already used by another record', '']);
    expect((await objects()) - before).toBe(2);
  });

  it('resolves references by name (any case) or SKU, and reads dates in the file format', async () => {
    await create('caskTypeCreate', { name: 'Bourbon barrel', size: 200 });
    await create('caskTypeCreate', { name: 'Sherry butt', size: 500 });
    await create('caskTypeCreate', { name: 'Sherry butt', size: 480 });
    const result = await statuses(
      'casks',
      ['number', 'type', 'dateFilled'],
      [
        ['C-1', 'bourbon BARREL', '31/01/2025'],
        ['C-2', 'Sherry butt', '01/02/2025'],
        ['C-3', 'Port pipe', ''],
        ['C-4', '', '30/02/2025'],
        ['C-5', '', '2025-03-01'],
      ],
      'dd/MM/yyyy',
    );
    expect(result).toEqual([
      '',
      "Cask type: Several cask type records named 'Sherry butt'",
      "Cask type: No cask type named 'Port pipe'",
      'Date filled: Must be a date (dd/MM/yyyy)',
      'Date filled: Must be a date (dd/MM/yyyy)',
    ]);
    const { body } = await api.gql<{ casks2: { edges: { node: { number: string; dateFilled: string } }[] } }>(
      owner.companyId,
      `{ casks2(first: 10) { edges { node { number dateFilled } } } }`,
      {},
      owner.token,
    );
    expect(body.data!.casks2.edges.map((e) => e.node)).toEqual([{ number: 'C-1', dateFilled: '2025-01-31' }]);

    const product = await create('productCreate', { name: 'Rye whisky', sku: 'RYE-750' });
    // a date-time: the file's date and time on the company's clock (Toronto, UTC-4 in April)
    const bottled = await statuses(
      'bottlings',
      ['lot', 'date', 'product'],
      [
        ['L-1', '02/04/2025 14:30', 'rye-750'],
        ['L-2', '02/04/2025 25:00', 'RYE-750'],
      ],
      'dd/MM/yyyy',
    );
    expect(bottled).toEqual(['', 'Started: Must be a date (dd/MM/yyyy) and an optional time (HH:mm)']);
    const { body: b } = await api.gql<{
      bottlings2: { edges: { node: { lot: string; product: { id: string }; date: string } }[] };
    }>(owner.companyId, `{ bottlings2(first: 5) { edges { node { lot date product { id } } } } }`, {}, owner.token);
    expect(b.data!.bottlings2.edges.map((e) => e.node)).toEqual([
      { lot: 'L-1', product: { id: product }, date: '2025-04-02T18:30:00.000Z' },
    ]);
  });

  it('needs the entity’s write permission and its feature flag', async () => {
    const reader = await makeMember(api, ['selling.read', 'inventory.write', 'production.write']);
    const denied = await run('customers', ['name'], [['Nope']], undefined, reader);
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    // wine is off for a new company
    const off = await run('wines', ['name', 'exciseCategory'], [['Rosé', 'Wine']], undefined, reader);
    expect(off.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(off.errors?.[0].message).toContain('allowWine');
  });

  it('answers hostile arguments with VALIDATION_ERROR and writes nothing', async () => {
    const cases: [string[], (string | null)[][], string?][] = [
      [['name', 'id'], [['Hostile', '1']]],
      [['name', 'name'], [['Hostile', 'Twice']]],
      [['email'], [['h@example.com']]],
      [['name'], [['Hostile']], 'yy/dd'],
      [['name'], Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`Hostile ${i}`])],
      [['name'], [['x'.repeat(25_000)]]],
    ];
    for (const [fields, rows, dateFormat] of cases) {
      const answer = await run('customers', fields, rows, dateFormat);
      expect(answer.errors?.[0].extensions.code, JSON.stringify(fields)).toBe('VALIDATION_ERROR');
    }
    expect(await customersNamed('Hostile')).toEqual([]);
  });
});
