// What the dashboard asks the server, built from the entity metadata: this month's counts of
// production records and sales documents (connection queries with date filters), tank levels
// (vesselsWithContents) and, when those cannot be had, tanks with their capacity.
import type { EntityMeta } from '../../../shared/meta';
import { canRead, canWrite } from '../../access';
import type { Company } from '../../company/companies';

export const PRODUCTION_RECORDS = [
  'mash',
  'wineFermentation',
  'distillation',
  'blend',
  'bottling',
  'packing',
  'assembly',
];
export const SALES_DOCUMENTS = ['estimate', 'salesOrder', 'shipment', 'invoice', 'salesReturn'];
export const SHORTCUTS = [
  'mash',
  'distillation',
  'blend',
  'bottling',
  'salesOrder',
  'invoice',
  'shipment',
  'purchaseOrder',
  'inventoryReceipt',
  'customer',
];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month of `now` (local time): first and last day (yyyy-MM-dd) for `date` fields, and its
 * first and last millisecond (ISO 8601) for `datetime` fields.
 */
export function monthRange(now: Date): { from: string; to: string; fromTs: string; toTs: string } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const last = new Date(y, m + 1, 0).getDate();
  return {
    from: `${y}-${pad(m + 1)}-01`,
    to: `${y}-${pad(m + 1)}-${pad(last)}`,
    fromTs: new Date(y, m, 1).toISOString(),
    toTs: new Date(new Date(y, m + 1, 1).getTime() - 1).toISOString(),
  };
}

const dateField = (e: EntityMeta) =>
  e.fields.find((f) => f.name === 'date' && (f.type === 'date' || f.type === 'datetime'));
const hasDate = (e: EntityMeta) => !!dateField(e);

/** The entities of `names` the user may read and that have a `date` field. */
export function countedEntities(
  entities: readonly EntityMeta[],
  names: readonly string[],
  company: Company | null | undefined,
): EntityMeta[] {
  return names.flatMap((n) => {
    const e = entities.find((x) => x.name === n);
    return e && hasDate(e) && canRead(e, company) ? [e] : [];
  });
}

/** One query with an aliased totalCount per entity, e.g. `distillations: distillations2(filters: …) { totalCount }`. */
export function monthCountsQuery(counted: readonly EntityMeta[]): string | null {
  if (!counted.length) return null;
  const used = new Set<string>();
  const parts = counted.map((e) => {
    const [from, to] = dateField(e)?.type === 'datetime' ? ['$fromTs', '$toTs'] : ['$from', '$to'];
    used.add(from).add(to);
    return `${e.plural}: ${e.ops.connection}(first: 1, filters: [{field: "date", comparator: ge, value: ${from}}, {field: "date", comparator: le, value: ${to}}]) { totalCount }`;
  });
  // GraphQL refuses declared variables a document does not use
  const declared = [...used].map((v) => `${v}: String!`).join(', ');
  return `query DashboardMonthCounts(${declared}) {\n  ${parts.join('\n  ')}\n}`;
}

export function shortcutEntities(entities: readonly EntityMeta[], company: Company | null | undefined): EntityMeta[] {
  return SHORTCUTS.flatMap((n) => {
    const e = entities.find((x) => x.name === n);
    return e && e.routes && canWrite(e, company) ? [e] : [];
  });
}

export const TANKS_QUERY = (connection: string) =>
  `query DashboardTanks { tanks: ${connection}(first: 100, filters: [{field: "active", comparator: eq, value: "true"}]) { totalCount edges { node { id name capacity } } } }`;

/** Tank levels (schema/graphql/excise.graphql vesselsWithContents), ordered by name. */
export const TANK_LEVELS_QUERY = `query DashboardTankLevels($vesselType: VesselType!) { vesselsWithContents(vesselType: $vesselType) { vesselId vesselName capacity contents { alcoholName lot volume laa fillPercent } } }`;

/** How many tanks the dashboard draws; the rest are counted ('and n more'). */
export const TANK_LEVELS_SHOWN = 12;

export interface TankLevel {
  vesselId: string;
  vesselName: string;
  capacity?: number | null;
  contents: {
    alcoholName?: string | null;
    lot?: string | null;
    volume: number;
    laa: number;
    fillPercent?: number | null;
  } | null;
}
