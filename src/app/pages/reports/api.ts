// What the reports screens ask the server (schema/graphql/reports.graphql): one run of a report
// and its CSV export, with the parameters of the viewer's query string.
// (The run's answer is ReportAnswer in shared/reports/types.)

const ARGS = '$name: String!, $parameters: ReportParameters';
const PASS = 'name: $name, parameters: $parameters';

export const REPORT_DOCUMENT = `query Report(${ARGS}) { report(${PASS}) {
  name from to asOf rows totals charts { key labels series { key data } } truncated } }`;
export const EXPORT_DOCUMENT = `query ReportExportCSV(${ARGS}) { reportExportCSV(${PASS}) }`;
