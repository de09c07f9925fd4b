// The one place that wires domain modules: their resolvers into the GraphQL schema and their
// hooks into the records layer. A new area adds its module here and nowhere else.
import type { DomainModule, VesselActionListener } from './kernel/module';
import type { EntityHooks } from './records/hooks';
import { alcoholometryModule } from './alcoholometry';
import { auditModule } from './audit';
import { companyModule } from './company';
import { countsModule } from './counts';
import { customersModule } from './customers';
import { exciseModule } from './excise';
import { casksModule } from './casks';
import { inventoryModule } from './inventory';
import { planningModule } from './planning';
import { preferencesModule } from './preferences';
import { productionModule } from './production';
import { purchasingModule } from './purchasing';
import { recurringModule } from './recurring';
import { reportsModule } from './reports';
import { returnsModule } from './returns';
import { salesFlowModule } from './sales/flow';
import { salesModule } from './sales';
import { supportModule } from './support';
import { helpModule } from './help';
import { setupModule } from './setup';
import { importModule } from './import';
import { scannerModule } from './scanner';
import { ecommerceModule, integrationsModule, pointOfSaleModule } from './integrations';
import { portalModule } from './portal';

export const domainModules: DomainModule[] = [
  companyModule,
  planningModule,
  alcoholometryModule,
  supportModule,
  auditModule,
  exciseModule,
  casksModule,
  inventoryModule,
  countsModule,
  productionModule,
  preferencesModule,
  returnsModule,
  salesModule,
  purchasingModule,
  customersModule,
  salesFlowModule,
  recurringModule,
  reportsModule,
  setupModule,
  helpModule,
  scannerModule,
  importModule,
  portalModule,
  integrationsModule,
  ecommerceModule,
  pointOfSaleModule,
];

/** What listens to the vessel actions, in list order. */
export function vesselActionListeners(): VesselActionListener[] {
  return domainModules.flatMap((m) => (m.vesselActions ? [m.vesselActions] : []));
}

/** Hooks by entity name; two modules hooking one entity run in list order. */
export function hooksFor(entity: string): EntityHooks[] {
  return domainModules.flatMap((m) => (m.hooks?.[entity] ? [m.hooks[entity]] : []));
}
