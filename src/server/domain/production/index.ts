// Production as a domain module: distillations, blends and wine fermentations post to the
// excise ledger (vessels) and the stock ledger (items) when saved, re-post when edited and
// reverse when deleted, each inside the record's own transaction; a lot is used once per
// company and kind of record. Scaling rules (spec 5) are pure functions in scaling.ts.
import type { DomainModule } from '../kernel/module';
import { planAssembly } from './assembly';
import { planBlend } from './blend';
import { planBottling } from './bottling';
import { productionHooks } from './common';
import { planDistillation } from './distillation';
import { planMash } from './mash';
import { planPacking } from './packing';
import { stagedHooks } from './staged';
import { planWineFermentation } from './wineFermentation';

export const productionModule: DomainModule = {
  name: 'production',
  hooks: {
    distillation: productionHooks('distillation', planDistillation),
    blend: productionHooks('blend', planBlend),
    wineFermentation: productionHooks('wineFermentation', planWineFermentation),
    bottling: stagedHooks('bottling', planBottling),
    mash: stagedHooks('mash', planMash),
    packing: stagedHooks('packing', planPacking),
    assembly: stagedHooks('assembly', planAssembly),
  },
};
