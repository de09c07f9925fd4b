// The reports catalogue as a domain module (schema/graphql/reports.graphql): `report` runs one
// report of src/shared/reports/catalogue, `reportExportCSV` writes the same run as CSV, and
// `lotTrace` follows a lot back or forward (./lot).
import { resolver, type DomainModule } from '../kernel/module';
import { csvLine } from '../kernel/csv';
import type { ReportParametersInput } from './params';
import { runReport } from './run';
import { lotTrace } from './lot';

interface RunArgs {
  name: string;
  parameters?: ReportParametersInput | null;
}

export const reportsModule: DomainModule = {
  name: 'reports',
  query: {
    report: resolver<RunArgs>(async (_r, a, ctx) => (await runReport(await ctx.domain(), a.name, a.parameters)).answer),
    reportExportCSV: resolver<RunArgs>(async (_r, a, ctx) => {
      const domain = await ctx.domain();
      const { meta, answer, shown } = await runReport(domain, a.name, a.parameters);
      const line = (cells: string[]) => csvLine(shown.map((i) => cells[i] ?? ''));
      const header = csvLine(
        shown.map((i) => {
          const c = meta.columns[i];
          return c.unit ? `${c.label.en} (${c.unit})` : c.label.en;
        }),
      );
      const lines = [header, ...answer.rows.map(line), ...(answer.totals ? [line(answer.totals)] : [])];
      const day = answer.to ?? answer.asOf ?? '';
      return ctx.files.save(
        ctx.companyId,
        ctx.userId,
        `${meta.name}${day ? `-${day}` : ''}.csv`,
        lines.join('\r\n') + '\r\n',
      );
    }),
    lotTrace: resolver<{ lot: string; id?: string | null; forward?: boolean | null }>(async (_r, a, ctx) =>
      lotTrace(await ctx.domain(), a.lot, a.id ?? null, Boolean(a.forward)),
    ),
  },
};
