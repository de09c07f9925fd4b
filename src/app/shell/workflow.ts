// The workflow view (/production/overview): the production screens the user can open, grouped
// by the step of the distillery's workflow they belong to. Built from named routes only.
import type { EntityMeta } from '../../shared/meta';
import { canRead } from '../access';
import type { Company } from '../company/companies';
import { routePath, type RouteTable } from './namedRoutes';

export const WORKFLOW_STEPS: { step: string; routes: string[] }[] = [
  {
    step: 'recipes',
    routes: ['ProductionMashingMashBills', 'ProductionDistillingProcesses', 'ProductionBlendingFormulas'],
  },
  { step: 'mashing', routes: ['ProductionMashing', 'ProductionWineFermenting'] },
  { step: 'distilling', routes: ['ProductionDistilling', 'EquipmentStills'] },
  { step: 'storage', routes: ['EquipmentTanks', 'EquipmentFermenters', 'InventoryCasks', 'InventoryBulkContainers'] },
  { step: 'blending', routes: ['ProductionBlending'] },
  { step: 'bottling', routes: ['ProductionBottling', 'ProductionPacking', 'ProductionAssembly'] },
  { step: 'stock', routes: ['InventoryProducts', 'InventoryItems', 'Spirits', 'Wine'] },
];

/** The steps of a company's workflow (spec 3 workflow preferences, productionOverviewPreferences). */
export interface WorkflowPreferences {
  sales: boolean;
  purchasing: boolean;
  mashing: boolean;
  distilling: boolean;
  blending: boolean;
  wine: boolean;
  casks: boolean;
  bulkContainers: boolean;
}

/** The workflow ticks in the order the workflow view and the setup wizard show them. */
export const WORKFLOW_PREFERENCE_KEYS: readonly (keyof WorkflowPreferences)[] = [
  'mashing',
  'distilling',
  'blending',
  'wine',
  'casks',
  'bulkContainers',
  'sales',
  'purchasing',
];

/** The screens a workflow preference turns off; screens not named here always show. */
const ROUTE_PREFERENCE: Record<string, keyof WorkflowPreferences> = {
  ProductionMashingMashBills: 'mashing',
  ProductionMashing: 'mashing',
  EquipmentFermenters: 'mashing',
  ProductionWineFermenting: 'wine',
  Wine: 'wine',
  ProductionDistillingProcesses: 'distilling',
  ProductionDistilling: 'distilling',
  EquipmentStills: 'distilling',
  ProductionBlendingFormulas: 'blending',
  ProductionBlending: 'blending',
  InventoryCasks: 'casks',
  InventoryBulkContainers: 'bulkContainers',
};

/** Whether a preference keeps a screen: fermenters serve wine as well as mashing. */
function wanted(name: string, preferences: WorkflowPreferences | null | undefined): boolean {
  if (!preferences) return true;
  if (name === 'EquipmentFermenters') return preferences.mashing || preferences.wine;
  const key = ROUTE_PREFERENCE[name];
  return key ? preferences[key] : true;
}

export interface WorkflowEntry {
  name: string;
  path: string;
  entity: EntityMeta;
}

export function workflowSteps(
  entities: readonly EntityMeta[],
  company: Company | null | undefined,
  routes?: RouteTable,
  preferences?: WorkflowPreferences | null,
): { step: string; entries: WorkflowEntry[] }[] {
  const byRouteName = new Map<string, EntityMeta>();
  for (const e of entities) for (const l of e.routes?.lists ?? []) if (l.name) byRouteName.set(l.name, e);
  return WORKFLOW_STEPS.map(({ step, routes: names }) => ({
    step,
    entries: names.flatMap((name) => {
      const entity = byRouteName.get(name);
      const path = routePath(name, {}, routes);
      return entity && path && canRead(entity, company) && wanted(name, preferences) ? [{ name, path, entity }] : [];
    }),
  })).filter((s) => s.entries.length > 0);
}
