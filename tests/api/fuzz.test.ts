// Fuzz test of mutation inputs (issue 10): random and hostile values, built from each input type
// of the schema (customerCreate, productCreate with lines, exciseTransferToTank, exciseInitial),
// mixed with valid ones so that some calls get past the first check. Whatever comes in, the API
// answers a value or VALIDATION_ERROR, SYNTAX_ERROR, CONFLICT, NOT_FOUND or FORBIDDEN, never
// INTERNAL_SERVER_ERROR nor an HTTP 500, and a refused call writes nothing. Another input type
// joins by adding its mutation to MUTATIONS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { sdl } from '../../src/generated/sdl';
import { entityByName } from '../../src/generated/entities';
import { rowsOf } from '../../src/server/db/connect';
import { backends, type TestApi, startApi } from './harness';
import { exciseCompany } from './exciseKit';

/** FUZZ_RUNS=1000 for a longer hunt; FUZZ_LOG=1 prints how often and why calls were refused. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const ALLOWED = new Set(['VALIDATION_ERROR', 'SYNTAX_ERROR', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN']);

/** The tables a refused call must leave as they were. */
const COUNTS = sql`SELECT
  (SELECT count(*) FROM objects)::int AS objects,
  (SELECT count(*) FROM customers)::int AS customers,
  (SELECT count(*) FROM products)::int AS products,
  (SELECT count(*) FROM products_bom)::int AS bom,
  (SELECT count(*) FROM excise_transactions)::int AS ledger,
  (SELECT count(*) FROM excise_month_totals)::int AS months,
  (SELECT count(*) FROM audit_log)::int AS audit`;

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '   ',
      '\u0000',
      'a\u0000b',
      '=1+1',
      '@SUM(A1)',
      "'; DROP TABLE customers; --",
      '%_\\',
      '\uD800',
      '\uDFFF\uD800',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🥃',
      '0000-01-01',
      '2025-02-30',
      '9999-12-31',
      '-1',
      '1e999',
      'NaN',
      'null',
      '{"$gt":""}',
      '\r\n\t',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 90, max: 25_000 }).map((n) => 'x'.repeat(n)) },
);
const hostileNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 0.0005, 99.995, 100, 1e12, 1e15, 1e16, -1e16, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 53),
);
const hostileInt = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 53, 1.5));
const hostileId = fc.oneof(
  fc.constantFrom('0', '-1', '1', '999999999999999999', '99999999999999999999', '1e3', 'abc', '', ' 1', '1\u0000'),
  fc.string({ maxLength: 20 }),
  fc.nat().map(String),
);
/** now and then a value of the wrong type altogether (GraphQL refuses it: 400) */
const wrongType = fc.constantFrom<unknown>(null, true, 12, 'text', [], {}, [1, 2], { a: 1 });

interface Valid {
  /** ids that exist, by field name (vesselId, alcoholId, category…) */
  ids: Record<string, string[]>;
  dates: string[];
  /** the allowed values of text fields that are choices (type, per, containerType…) */
  choices: Record<string, string[]>;
}

/** A plausible value of a type: what a form would send, so that calls reach the deeper rules. */
function goodFor(type: GraphQLInputType, field: string, valid: Valid): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return goodFor(type.ofType, field, valid);
  if (isListType(type)) return fc.array(goodFor(type.ofType, field, valid), { maxLength: 3 });
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return fc.record(Object.fromEntries(fields.map((f) => [f.name, goodFor(f.type, f.name, valid)])), {
      requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
    });
  }
  if (isEnumType(type))
    return fc.constantFrom(...(valid.choices[field] ?? type.getValues().map((v) => v.value as string)));
  const name = getNamedType(type).name;
  // an id the test knows, or none (a refId would edit an action of another kind)
  if (name === 'ID') return valid.ids[field]?.length ? fc.constantFrom(...valid.ids[field]) : fc.constant(undefined);
  if (name === 'Float') {
    if (field === 'strength') return fc.integer({ min: 0, max: 9900 }).map((v) => v / 100);
    if (field === 'volume') return fc.integer({ min: 1, max: 20_000 }).map((v) => v / 100);
    return fc.integer({ min: 1, max: 500_000 }).map((v) => v / 100);
  }
  if (name === 'Int') return fc.integer({ min: 1, max: 6 });
  if (name === 'Boolean') return fc.boolean();
  if (/date/i.test(field)) return fc.constantFrom(...valid.dates);
  if (valid.choices[field]) return fc.constantFrom(...valid.choices[field]);
  if (field === 'currency') return fc.constantFrom('CAD', 'USD');
  if (field === 'email') return fc.constant('orders@example.test');
  if (field === 'upc' || field === 'scc') return fc.constant('12345678');
  return fc.string({ minLength: 1, maxLength: 20 });
}

/** A hostile value of a type, or a value of another type altogether. */
function badFor(type: GraphQLInputType, field: string, valid: Valid, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type))
    return fc.oneof({ weight: 9, arbitrary: badFor(type.ofType, field, valid, depth) }, fc.constant(null));
  if (isListType(type))
    return fc.oneof(
      { weight: 6, arbitrary: fc.array(anyFor(type.ofType, field, valid, depth + 1), { maxLength: 4 }) },
      // a flood of lines or ids: refused by the lines or list limits
      { weight: 1, arbitrary: fc.constantFrom(501, 1_001).map((n) => Array(n).fill({})) },
      { weight: 1, arbitrary: wrongType },
    );
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return fc.record(Object.fromEntries(fields.map((f) => [f.name, anyFor(f.type, f.name, valid, depth + 1)])), {
      requiredKeys: [],
    });
  }
  const name = isEnumType(type) ? 'enum' : getNamedType(type).name;
  const bad =
    {
      ID: hostileId,
      Float: hostileNumber,
      Int: hostileInt,
      Boolean: wrongType,
    }[name] ?? hostileString;
  return fc.oneof({ weight: 6, arbitrary: bad }, { weight: 1, arbitrary: wrongType });
}

/** Either: a value of each kind, field by field. */
const anyFor = (type: GraphQLInputType, field: string, valid: Valid, depth: number): fc.Arbitrary<unknown> =>
  depth > 4 ? fc.constant(null) : fc.oneof(goodFor(type, field, valid), badFor(type, field, valid, depth));

/** An input: a plausible one, a plausible one with one to three fields hostile, or any mix. */
function inputFor(type: GraphQLInputObjectType, valid: Valid): fc.Arbitrary<unknown> {
  const fields = type.getFields();
  const names = Object.keys(fields);
  const spoiled = fc
    .tuple(
      goodFor(type, 'input', valid) as fc.Arbitrary<Record<string, unknown>>,
      fc
        .subarray(names, { minLength: 1, maxLength: 3 })
        .chain((picked) => fc.record(Object.fromEntries(picked.map((n) => [n, badFor(fields[n].type, n, valid)])))),
    )
    .map(([good, bad]) => ({ ...good, ...bad }));
  return fc.oneof(
    { weight: 3, arbitrary: goodFor(type, 'input', valid) },
    { weight: 5, arbitrary: spoiled },
    { weight: 2, arbitrary: badFor(type, 'input', valid) },
  );
}

/** Each mutation, and which known ids its valid inputs pick from (see beforeAll). */
/** Each mutation, which known ids its valid inputs pick from, and one input that must pass (run
 * first, so every run has at least one write to compare the refusals with). */
const MUTATIONS: {
  name: string;
  inputType: string;
  select: string;
  ids?: (v: Known) => Record<string, string[]>;
  example: (v: Known) => Record<string, unknown>;
}[] = [
  { name: 'customerCreate', inputType: 'CustomerInput', select: '{ id }', example: () => ({ name: 'Fuzz' }) },
  {
    name: 'productCreate',
    inputType: 'ProductInput',
    select: '{ id bom { id } }',
    example: () => ({ name: 'Fuzz', bom: [{ name: 'Glass', quantity: 1, per: 'Bottle' }] }),
  },
  {
    name: 'exciseTransferToTank',
    inputType: 'ExciseTransferInput',
    select: '{ refId }',
    ids: (v) => ({ vesselId: v.full, toVesselId: v.empty.slice(0, 6) }),
    example: (v) => ({ vesselId: v.full[0], toVesselId: v.empty[1], date: '2025-02-01', volume: 10 }),
  },
  {
    name: 'exciseInitial',
    inputType: 'ExciseInitialInput',
    select: '{ refId }',
    ids: (v) => ({ vesselId: v.empty.slice(6) }),
    example: (v) => ({
      vesselId: v.empty[7],
      date: '2025-02-01',
      alcoholType: 'Spirit',
      alcoholId: v.rye,
      volume: 100,
      strength: 40,
    }),
  },
];

interface Known {
  /** tanks holding spirit, and empty ones */
  full: string[];
  empty: string[];
  rye: string;
}

describe.each(backends)('fuzzing mutation inputs on %s', (backend) => {
  let api: TestApi;
  let kit: Awaited<ReturnType<typeof exciseCompany>>;
  let schema: GraphQLSchema;
  let valid: Valid;
  let known: Known;

  beforeAll(async () => {
    api = await startApi(backend);
    kit = await exciseCompany(api);
    schema = buildSchema(sdl);
    const full = [await kit.tank('F1'), await kit.tank('F2')];
    const empty: string[] = [];
    for (let i = 0; i < 16; i++) empty.push(await kit.tank(`E${i}`, i % 4 === 0 ? 50 : 5000));
    known = { full, empty, rye: kit.rye };
    const category = await kit.create('category', { name: 'Fuzz', type: 'Customer' });
    const productCategory = await kit.create('category', { name: 'Fuzz products', type: 'Product' });
    // spirit in two tanks, so that transfers can succeed
    for (const [vesselId, alcoholId] of [
      [full[0], kit.rye],
      [full[1], kit.gin],
    ]) {
      const init = await kit.act('exciseInitial', {
        vesselId,
        date: '2025-01-02',
        alcoholType: 'Spirit',
        alcoholId,
        volume: 4000,
        strength: 60,
      });
      expect(init.errors).toBeUndefined();
    }
    valid = {
      ids: {
        alcoholId: [kit.rye, kit.gin],
        category: [category, productCategory],
      },
      dates: ['2025-01-02', '2025-02-15', '2025-06-30', '1999-12-31', '2099-01-01'],
      choices: {
        ...Object.fromEntries(
          [entityByName.customer, entityByName.product]
            .flatMap((e) => e.fields.flatMap((f) => [f, ...(f.lines?.fields ?? [])]))
            .filter((f) => f.values)
            .map((f) => [f.name, [...f.values!]]),
        ),
        alcoholType: ['Spirit'],
      },
    };
  });
  afterAll(() => api.close());

  const counts = async () => rowsOf<Record<string, number>>(await api.database.db.execute(COUNTS))[0];

  for (const m of MUTATIONS)
    it(`${m.name}: never an internal error, nothing written when refused`, async () => {
      const inputType = schema.getType(m.inputType);
      if (!inputType || !isInputObjectType(inputType)) throw new Error(`no input type ${m.inputType}`);
      const document = `mutation($input: ${m.inputType}!) { ${m.name}(input: $input) ${m.select} }`;
      const outcomes = { ok: 0, refused: 0 };
      const reasons = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(inputFor(inputType, { ...valid, ids: { ...valid.ids, ...m.ids?.(known) } }), async (input) => {
          const before = await counts();
          const res = await api.gql(kit.companyId, document, { input }, kit.token);
          const errors = res.body.errors ?? [];
          expect(res.status, JSON.stringify(res.body)).not.toBe(500);
          for (const e of errors) expect(ALLOWED, JSON.stringify(e)).toContain(e.extensions?.code);
          if (errors.length) {
            outcomes.refused++;
            if (process.env.FUZZ_LOG)
              reasons.set(errors[0].message.slice(0, 60), (reasons.get(errors[0].message.slice(0, 60)) ?? 0) + 1);
            expect(await counts(), 'a refused call wrote something').toEqual(before);
          } else outcomes.ok++;
        }),
        { numRuns: RUNS, examples: [[m.example(known)]] },
      );
      if (process.env.FUZZ_LOG) console.log(m.name, outcomes, [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12));
      // the mix reaches both outcomes, so the deeper rules were exercised too
      expect(outcomes.refused).toBeGreaterThan(0);
      expect(outcomes.ok).toBeGreaterThan(0);
    });
});
