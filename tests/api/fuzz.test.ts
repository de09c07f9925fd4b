// Fuzz test of mutation inputs (issue 10): EVERY mutation of the schema (src/generated/sdl.ts) is
// called with arguments built from its argument types: plausible values (known ids, dates,
// choices), some of them spoiled with random and hostile values (null bytes, huge strings,
// out-of-range numbers, bad ids, floods of lines), so that some calls get past the first check.
// Whatever comes in, the API answers a value or VALIDATION_ERROR, SYNTAX_ERROR, CONFLICT,
// NOT_FOUND or FORBIDDEN, never INTERNAL_SERVER_ERROR nor an HTTP 500, and a refused call writes
// nothing (no table of the database changes its row count). The mutations of DEEP are run longer,
// from an example that must pass, and must reach both outcomes.
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
  isObjectType,
  isAbstractType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { sdl } from '../../src/generated/sdl';
import { serviceOfRootField } from '../../src/server/graphql/schema';
import { entities, entityByName } from '../../src/generated/entities';
import { rowsOf } from '../../src/server/db/connect';
import { backends, type TestApi, startApi } from './harness';
import { exciseCompany } from './exciseKit';

/** FUZZ_RUNS=1000 for a longer hunt (DEEP mutations; the others get a tenth, at least 3);
 * FUZZ_LOG=1 prints how often and why calls were refused; FUZZ_ONLY=name runs one mutation;
 * a failure prints its seed: FUZZ_SEED=<seed> replays it. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SWEEP_RUNS = Math.max(3, Math.round(RUNS / 10));
/** A fixed seed keeps CI repeatable; FUZZ_SEED=random (or a number) for a new hunt. */
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261127);
const ALLOWED = new Set(['VALIDATION_ERROR', 'SYNTAX_ERROR', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN']);

/** Every table a refused call must leave as it was (its row count), read in one statement. */
async function countsQuery(api: TestApi) {
  const tables = rowsOf<{ name: string }>(
    await api.database.db.execute(sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  ).map((t) => t.name);
  return sql.raw(`SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}")::int AS "${t}"`).join(', ')}`);
}

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
  ids: Record<string, string[]>; // `any`: every object of the company, for id, ids, refId…
  dates: string[];
  /** the allowed values of text fields that are choices (type, per, containerType…) */
  choices: Record<string, string[]>;
}

/** a reference field of an input (site, category…): only ids known to be of its kind fit */
const isRefField = (field: string) => !/(^id$|^ids$|Id$|Ids$)/.test(field);

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
  if (name === 'ID') {
    const ids = valid.ids[field] ?? (valid.ids.any && !isRefField(field) ? valid.ids.any : undefined);
    return ids?.length ? fc.constantFrom(...ids) : fc.constant(undefined);
  }
  if (name === 'Date') return fc.constantFrom(...valid.dates);
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

type Slot = GraphQLInputField | GraphQLArgument;
/** A record of plausible values, one per slot (input fields or a mutation's arguments). */
function goodRecord(slots: readonly Slot[], valid: Valid): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(slots.map((f) => [f.name, goodFor(f.type, f.name, valid)])), {
    requiredKeys: slots.filter((f) => isNonNullType(f.type)).map((f) => f.name),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Plausible values with one to three slots hostile; a slot holding an input object has one to
 * three of its own fields spoiled instead (most of the time), so the call reaches its rules. */
function spoiledRecord(slots: readonly Slot[], valid: Valid, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const byName = Object.fromEntries(slots.map((f) => [f.name, f]));
  const spoilOne = (n: string): fc.Arbitrary<unknown> => {
    const type = isNonNullType(byName[n].type) ? byName[n].type.ofType : byName[n].type;
    if (isInputObjectType(type) && depth < 2)
      return fc.oneof(
        { weight: 4, arbitrary: spoiledRecord(Object.values(type.getFields()), valid, depth + 1) },
        { weight: 1, arbitrary: badFor(byName[n].type, n, valid) },
      );
    return badFor(byName[n].type, n, valid);
  };
  return fc
    .tuple(
      goodRecord(slots, valid),
      fc
        .subarray(Object.keys(byName), { minLength: 1, maxLength: Math.min(3, slots.length) })
        .chain((picked) => fc.record(Object.fromEntries(picked.map((n) => [n, spoilOne(n)])))),
    )
    .map(([good, bad]) => ({ ...good, ...bad }));
}

/** Arguments: plausible ones, spoiled ones, or any mix. */
function argsFor(slots: readonly Slot[], valid: Valid): fc.Arbitrary<Record<string, unknown>> {
  if (!slots.length) return fc.constant({});
  const any = fc.record(Object.fromEntries(slots.map((f) => [f.name, anyFor(f.type, f.name, valid, 0)])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    { weight: 3, arbitrary: goodRecord(slots, valid) },
    { weight: 5, arbitrary: spoiledRecord(slots, valid) },
    { weight: 2, arbitrary: any },
  );
}

/** What to ask back: enough to make the server build the answer (its type name). */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  return isObjectType(type) || isAbstractType(type) ? '{ __typename }' : '';
}

/** A mutation document taking each argument as a variable. */
function documentOf(field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `mutation${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selectionOf(field)} }`;
}

/** Mutations that take away what the others need run last (deletes, removals). */
const runsLast = (name: string) => /(Delete|Remove|Cancel)$/.test(name);

/** Mutations fuzzed longer: which known ids their valid inputs pick from, and one input that
 * must pass (run first, so every run has at least one write to compare the refusals with). */
const DEEP: {
  name: string;
  ids?: (v: Known) => Record<string, string[]>;
  example: (v: Known) => Record<string, unknown>;
}[] = [
  { name: 'customerCreate', example: () => ({ name: 'Fuzz' }) },
  {
    name: 'productCreate',
    example: () => ({ name: 'Fuzz', bom: [{ name: 'Glass', quantity: 1, per: 'Bottle' }] }),
  },
  {
    name: 'exciseTransferToTank',
    ids: (v) => ({ vesselId: v.full, toVesselId: v.empty.slice(0, 6) }),
    example: (v) => ({ vesselId: v.full[0], toVesselId: v.empty[1], date: '2025-02-01', volume: 10 }),
  },
  {
    name: 'exciseInitial',
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
  let valid: Valid;
  let known: Known;
  let counts: () => Promise<Record<string, number>>;
  const schema: GraphQLSchema = buildSchema(sdl);
  const mutations = Object.values(schema.getMutationType()!.getFields())
    .filter((f) => !process.env.FUZZ_ONLY || f.name === process.env.FUZZ_ONLY)
    .sort((a, b) => Number(runsLast(a.name)) - Number(runsLast(b.name)));

  beforeAll(async () => {
    api = await startApi(backend);
    kit = await exciseCompany(api);
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
    const objects = rowsOf<{ id: string }>(
      await api.database.db.execute(
        sql`SELECT id::text AS id FROM objects WHERE company_id = ${kit.companyId} ORDER BY id LIMIT 200`,
      ),
    ).map((o) => o.id);
    const query = await countsQuery(api);
    counts = async () => rowsOf<Record<string, number>>(await api.database.db.execute(query))[0];
    valid = {
      ids: {
        any: objects,
        alcoholId: [kit.rye, kit.gin],
        category: [category, productCategory],
        site: [kit.site],
        siteId: [kit.site],
        spirit: [kit.rye, kit.gin],
        spiritId: [kit.rye, kit.gin],
        tank: [...full, ...empty],
        vesselId: full,
        toVesselId: empty.slice(0, 6),
      },
      dates: ['2025-01-02', '2025-02-15', '2025-06-30', '1999-12-31', '2099-01-01'],
      choices: {
        // field names repeat across entities with other values: a mix is still mostly valid
        ...Object.fromEntries(
          entities
            .flatMap((e) => e.fields.flatMap((f) => [f, ...(f.lines?.fields ?? [])]))
            .filter((f) => f.values)
            .map((f) => [f.name, [...f.values!]]),
        ),
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

  it('covers every mutation of the schema', () => {
    expect(mutations.length).toBeGreaterThan(process.env.FUZZ_ONLY ? 0 : 200);
    for (const d of DEEP) expect(schema.getMutationType()!.getFields()[d.name], d.name).toBeDefined();
  });

  for (const m of mutations) {
    const deep = DEEP.find((d) => d.name === m.name);
    it(`${m.name}: never an internal error, nothing written when refused`, { timeout: 240_000 }, async () => {
      const document = documentOf(m);
      // a token per mutation: the whole sweep outlasts one token's life
      const token = await api.token(kit.userId);
      // an importer's columns are its entity's import fields, so rows reach the row rules
      const importer = entities.find((e) => e.ops.import === m.name);
      const choices = importer?.csv ? { ...valid.choices, fields: importer.csv.import } : valid.choices;
      const own: Valid = { ...valid, choices, ids: { ...valid.ids, ...deep?.ids?.(known) } };
      const outcomes = { ok: 0, refused: 0 };
      const reasons = new Map<string, number>();
      // the counts after a refusal are the counts before the next call: read them once
      let counted: Record<string, number> | null = null;
      await fc.assert(
        fc.asyncProperty(argsFor(m.args, own), async (variables) => {
          const before = counted ?? (await counts());
          counted = null;
          const res = await api.gql(kit.companyId, document, variables, token, serviceOfRootField('Mutation', m.name));
          const errors = res.body.errors ?? [];
          expect(res.status, JSON.stringify(res.body).slice(0, 2000)).toBeLessThan(500);
          for (const e of errors) expect(ALLOWED, JSON.stringify(e).slice(0, 2000)).toContain(e.extensions?.code);
          if (errors.length || res.status >= 400) {
            outcomes.refused++;
            const why = String(errors[0]?.message ?? res.status).slice(0, 60);
            if (process.env.FUZZ_LOG) reasons.set(why, (reasons.get(why) ?? 0) + 1);
            const after = await counts();
            expect(after, `a refused call wrote something: ${why}`).toEqual(before);
            counted = after;
          } else outcomes.ok++;
        }),
        {
          numRuns: deep ? RUNS : SWEEP_RUNS,
          seed: SEED,
          examples: deep ? [[{ input: deep.example(known) }]] : [],
        },
      );
      if (process.env.FUZZ_LOG) console.log(m.name, outcomes, [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12));
      // the mix reaches both outcomes, so the deeper rules were exercised too (a few runs of the
      // others may all pass or all be refused: objectsDelete answers each id's error as data)
      if (deep) {
        expect(outcomes.refused).toBeGreaterThan(0);
        expect(outcomes.ok).toBeGreaterThan(0);
      }
      // still a member: a call must not have taken the test's own access away
      const probe = await api.gql(kit.companyId, '{ customers2(first: 1) { totalCount } }', {}, token);
      expect(probe.body.errors, 'the test user lost access').toBeUndefined();
    });
  }
});
