// The barcode scanner as a domain module: one lookup of a scanned code (match.ts). The SDL
// (schema/graphql/scanner.graphql) authorises: anyone who may read products or items.
import type { DomainModule } from '../kernel/module';
import { scanCode } from './match';

export const scannerModule: DomainModule = {
  name: 'scanner',
  query: {
    scanCode: async (_r, args, ctx) =>
      scanCode(await ctx.domain(), String(args.code ?? ''), args.includeUnmatched === true),
  },
};
