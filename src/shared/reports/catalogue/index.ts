// Every report of the catalogue (spec 2.5), by group. The server refuses a name not listed here.
import type { ReportMeta } from '../types';
import { productionReports } from './production';
import { inventoryReports } from './inventory';
import { salesReports } from './sales';

export const REPORTS: readonly ReportMeta[] = [...productionReports, ...inventoryReports, ...salesReports];

const byName = new Map(REPORTS.map((r) => [r.name, r]));
export const reportMeta = (name: string): ReportMeta | undefined => byName.get(name);
