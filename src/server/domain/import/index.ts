// CSV import as a domain module: one `<plural>Import` mutation per entity whose schema names
// import fields (SDL and @auth written by the generator from the entity files), all answered by importRows.
import { entities } from '../../../generated/entities';
import type { DomainModule, Resolver } from '../kernel/module';
import { importRows, type ImportArgs } from './importRows';

const mutation: Record<string, Resolver> = Object.fromEntries(
  entities
    .filter((e) => e.csv && e.crud)
    .map((e): [string, Resolver] => [
      e.ops.import,
      async (_r, args, ctx) => importRows(await ctx.domain(), e, args as unknown as ImportArgs),
    ]),
);

export const importModule: DomainModule = { name: 'import', mutation };
