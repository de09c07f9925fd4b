// The physical inventory worksheets: the count sheets of src/server/domain/counts (the book at
// the end of the day, every active record holding nothing too) printed with blank columns for
// what the counter writes; the same lines a reconciliation then starts from.
import type { DomainContext } from '../../records/actor';
import { countSheet } from '../../counts/reconciliation';
import { roundDecimal } from '../../../../shared/money';
import type { VesselType } from '../../../../shared/excise/categories';
import { reportMeta } from '../../../../shared/reports/catalogue';
import type { ReportRun } from '../../../../shared/reports/types';
import type { ReportParams } from '../params';
import { totalsOf } from './format';

export async function stockWorksheet(
  ctx: DomainContext,
  p: ReportParams,
  kind: 'Products' | 'Items',
): Promise<ReportRun> {
  const lines = await countSheet(ctx, { kind, date: p.asOf, siteId: p.siteId ?? null });
  const rows = lines.map((l) => [
    l.stockName ?? '',
    l.sku ?? '',
    l.siteName ?? '',
    l.lot ?? '',
    l.status ?? '',
    l.units ?? '',
    roundDecimal(l.bookQuantity, 3),
    '',
  ]);
  return { rows, totals: totalsOf(reportMeta(`${kind}Worksheet`)!, rows, 2) };
}

const VESSEL_REPORT: Record<'Tank' | 'BulkContainer' | 'Cask', string> = {
  Tank: 'TanksWorksheet',
  BulkContainer: 'BulkContainersWorksheet',
  Cask: 'CasksWorksheet',
};

export async function vesselWorksheet(
  ctx: DomainContext,
  p: ReportParams,
  vesselType: VesselType & keyof typeof VESSEL_REPORT,
): Promise<ReportRun> {
  const lines = await countSheet(ctx, { kind: 'Vessels', date: p.asOf, siteId: p.siteId ?? null, vesselType });
  const rows = lines.map((l) => [
    l.vesselName ?? '',
    l.siteName ?? '',
    l.alcoholName ?? '',
    l.lot ?? '',
    roundDecimal(l.bookQuantity, 3),
    l.bookStrength === null ? '' : roundDecimal(l.bookStrength, 2),
    roundDecimal(l.bookLaa, 3),
    '',
    '',
  ]);
  return { rows, totals: totalsOf(reportMeta(VESSEL_REPORT[vesselType])!, rows, 2) };
}
