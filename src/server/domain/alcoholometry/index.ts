// The alcoholometric lookups of spec 7: schema/graphql/alcoholometry.graphql.
import { resolver, type DomainModule } from '../kernel/module';
import { densityLookup, strengthLookup } from './lookups';

export const alcoholometryModule: DomainModule = {
  name: 'alcoholometry',
  query: {
    alcoholometricLookupByDensity: resolver<{ temp: number; density: number }>((_r, args) =>
      densityLookup(Number(args.temp), Number(args.density)),
    ),
    alcoholometricLookupByStrength: resolver<{ temp: number; b: number }>((_r, args) =>
      strengthLookup(Number(args.temp), Number(args.b)),
    ),
  },
};
