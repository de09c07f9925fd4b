// Casks as a domain module (spec 2.3 /inventory/casks): add empty casks at once, set the age
// start of many, the angels' share before emptying, the cask list's contents and age
// (Cask.ageing, one query per page), a type's char level and cost on a new cask, and the fill
// date and count kept by the vessel actions that fill a cask (fills.ts).
import type { DomainModule } from '../kernel/module';
import { addEmptyCasks, type AddEmptyInput } from './addEmpty';
import { ageingField, casksAgeingQuery } from './ageing';
import { angelsShare } from './angelsShare';
import { caskFills } from './fills';
import { caskFromType } from './fromType';
import { setCasksAge } from './setAge';

export const casksModule: DomainModule = {
  name: 'casks',
  query: {
    casksAgeing: casksAgeingQuery,
    caskAngelsShare: async (_r, args, ctx) => angelsShare(await ctx.domain(), args),
  },
  mutation: {
    casksAddEmpty: async (_r, args, ctx) => {
      const casks = await addEmptyCasks(await ctx.domain(), args.input as AddEmptyInput);
      return { count: casks.length, casks };
    },
    casksSetAge: async (_r, args, ctx) =>
      setCasksAge(await ctx.domain(), args.ids as string[], (args.ageFrom as string | null | undefined) ?? null),
  },
  types: {
    Cask: { ageing: ageingField },
  },
  hooks: { cask: caskFromType },
  vesselActions: caskFills,
};
