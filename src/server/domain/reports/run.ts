// Running one report of the catalogue: the report's own permissions and feature (beyond the
// SDL's `reports`), its parameters, its runner, then value columns blanked for a user without
// `values` and the row cap. The one path the screen, the CSV export and the benches use.
import { featureOff, forbidden, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { canSeeValues } from '../records/fields';
import { hasAny } from '../../../shared/permissions';
import { reportMeta } from '../../../shared/reports/catalogue';
import { REPORT_MAX_ROWS, reportAllowedFor, type ReportAnswer, type ReportMeta } from '../../../shared/reports/types';
import { resolveParams, type ReportParametersInput, type ReportParams } from './params';
import { RUNNERS } from './runners';

export type { ReportAnswer };

const noSuchReport = (name: string) => validationError({ name: `No report is named ${name.slice(0, 60)}` });

/** The catalogue entry, if this actor may run it (its permissions and feature). */
export function allowedMeta(ctx: DomainContext, name: string): ReportMeta {
  const meta = reportMeta(name);
  if (!meta) throw noSuchReport(name);
  if (!reportAllowedFor(ctx.actor.permissions, ctx.actor.features, meta)) {
    // the permissions first, as before: a user who may not run it learns nothing of the feature
    if (!hasAny(ctx.actor.permissions, meta.permissions) || !meta.feature)
      throw forbidden(`run the ${meta.title.en} report`);
    throw featureOff(meta.feature);
  }
  return meta;
}

export async function runReport(
  ctx: DomainContext,
  name: string,
  input: ReportParametersInput | null | undefined,
): Promise<{
  meta: ReportMeta;
  params: ReportParams;
  answer: ReportAnswer;
  /** the indexes of the columns this actor sees (value columns only with `values`) */
  shown: number[];
}> {
  const meta = allowedMeta(ctx, name);
  // a report with its own screen (the lot trace) is no table to run
  const runner = meta.view ? undefined : RUNNERS[meta.name];
  if (!runner) throw noSuchReport(name);
  const params = await resolveParams(ctx, meta, input);
  const run = await runner(ctx, params);
  const hidden = canSeeValues(ctx.actor) ? [] : meta.columns.flatMap((c, i) => (c.values ? [i] : []));
  const blank = (cells: string[]) => (hidden.length ? cells.map((c, i) => (hidden.includes(i) ? '' : c)) : cells);
  const valueKeys = new Set(meta.columns.filter((c) => c.values).map((c) => c.key));
  const rows = run.rows.slice(0, REPORT_MAX_ROWS).map(blank);
  return {
    meta,
    params,
    shown: meta.columns.flatMap((_c, i) => (hidden.includes(i) ? [] : [i])),
    answer: {
      name: meta.name,
      from: meta.params.includes('range') ? params.from : null,
      to: meta.params.includes('range') ? params.to : null,
      asOf: meta.params.includes('asOf') ? params.asOf : null,
      rows,
      totals: run.totals ? blank(run.totals) : null,
      charts: (run.charts ?? []).map((c) => ({
        ...c,
        series: c.series.filter((s) => hidden.length === 0 || !valueKeys.has(s.key)),
      })),
      truncated: Boolean(run.truncated) || run.rows.length > REPORT_MAX_ROWS,
    },
  };
}
