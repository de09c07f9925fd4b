// The generator writes one <plural>Import mutation per entity whose schema file names import
// fields, guarded by that entity's write permission and feature flag: checked on the schema the
// server serves, built from the entity files.
import { describe, expect, it } from 'vitest';
import { buildASTSchema, parse, type GraphQLField } from 'graphql';
import { entities } from '../../src/generated/entities';
import { sdl } from '../../src/generated/sdl';
import { getDirective } from '../../src/server/graphql/directives';

const schema = buildASTSchema(parse(sdl));
const mutations = schema.getMutationType()!.getFields();

describe('import mutations', () => {
  const importable = entities.filter((e) => e.csv && e.crud);

  it('exist for exactly the entities with import fields', () => {
    expect(
      Object.keys(mutations)
        .filter((n) => n.endsWith('Import'))
        .sort(),
    ).toEqual(importable.map((e) => e.ops.import).sort());
  });

  it.each(importable.map((e) => [e.ops.import, e] as const))('%s needs the entity’s write permission', (name, e) => {
    const auth = getDirective(mutations[name] as GraphQLField<unknown, unknown>, 'auth');
    expect(auth).toEqual({ any: e.permissions.write, ...(e.feature ? { feature: e.feature } : {}) });
    expect(String(mutations[name].type)).toBe('[String!]!');
  });
});
