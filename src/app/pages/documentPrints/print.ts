// Printing one document, with the production print sheets' rules (../printSheets/print.ts):
// run the print query and the taxes' (any API error aborts silently: nothing shown, nothing printed), show the
// document, wait the print delay (500 ms), call window.print(), then take it away. An exception
// of this helper itself is reported to the server with logClientError as 'DEBUG ERROR'.
import type { ClientErrorInput } from '../../shell/clientErrors';
import {
  buildDocument,
  type DocumentSheet,
  type PrintCompany,
  type PrintLine,
  type PrintRecord,
  type Translate,
} from './documents';
import { DETAIL_FIELDS, DOCUMENT_QUERIES, STATED_TAXES, detailsQuery, type DocumentKind } from './queries';

/** Spec 9: print delay before printing. */
export const PRINT_DELAY_MS = 500;

export interface DocumentPrintDeps {
  call: <T>(query: string, variables: Record<string, unknown>) => Promise<T>;
  show: (sheet: DocumentSheet | null) => Promise<void> | void;
  print: () => void;
  report: (input: ClientErrorInput) => void;
  wait?: (ms: number) => Promise<void>;
}

export interface DocumentPrintRequest {
  kind: DocumentKind;
  id: string;
  companyId: string | null;
  values: boolean;
  translate: Translate;
  locale: string;
}

export type PrintOutcome = 'printed' | 'aborted' | 'failed';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}` : String(error);

type TaxRow = NonNullable<PrintLine['tax']> & { id: string };
type Details = { companies?: (PrintCompany & { id: string })[] } & Record<string, unknown>;

/** The record with each named record's details and each line's tax (rates, components) in place. */
function withDetails(record: PrintRecord, details: Details): PrintRecord {
  const taxes = new Map(
    Object.entries(details)
      .filter(([k, v]) => /^t\d+$/.test(k) && v)
      .map(([, v]) => [String((v as TaxRow).id), v as TaxRow]),
  );
  const named = Object.fromEntries(DETAIL_FIELDS.map((f) => [f, details[f] ?? record[f as keyof PrintRecord] ?? null]));
  // a tax as charged names no tax record: it shows the company's registration numbers
  const stated = details[STATED_TAXES] as { edges?: { node?: { registrationNumber?: string | null } }[] } | undefined;
  const registrations = (stated?.edges ?? []).map((e) => e.node?.registrationNumber?.trim() ?? '').filter(Boolean);
  return {
    ...record,
    ...named,
    ...(stated ? { taxRegistrations: [...new Set(registrations)] } : {}),
    lines: (record.lines ?? []).map((l) => ({
      ...l,
      tax: l.tax?.id !== undefined && l.tax?.id !== null ? (taxes.get(String(l.tax.id)) ?? null) : null,
    })),
  };
}

export async function printDocument(request: DocumentPrintRequest, deps: DocumentPrintDeps): Promise<PrintOutcome> {
  const { field, document } = DOCUMENT_QUERIES[request.kind];
  const variables = { id: request.id };
  let record: PrintRecord | null | undefined;
  let details: Details;
  try {
    record = (await deps.call<Record<string, PrintRecord | null>>(document, variables))[field];
    if (!record) return 'aborted'; // no such record (deleted meanwhile): nothing to print
    const refs: Record<string, string> = {};
    for (const f of DETAIL_FIELDS) {
      const ref = record[f as keyof PrintRecord] as { id?: string } | null | undefined;
      if (ref?.id) refs[f] = String(ref.id);
    }
    const priced = request.values && request.kind !== 'packingSlip';
    const taxIds = priced
      ? [...new Set((record.lines ?? []).flatMap((l) => (l.tax?.id ? [String(l.tax.id)] : [])))]
      : [];
    const stated = record.taxAsCharged !== null && record.taxAsCharged !== undefined;
    const q = detailsQuery(refs, taxIds, !!priced && stated);
    details = await deps.call<Details>(q.document, q.variables);
  } catch {
    return 'aborted';
  }
  let shown = false;
  try {
    const company = details.companies?.find((c) => c.id === request.companyId) ?? null;
    const sheet = buildDocument(request.kind, withDetails(record, details), company, {
      t: request.translate,
      locale: request.locale,
      values: request.values,
    });
    await deps.show(sheet);
    shown = true;
    await (deps.wait ?? sleep)(PRINT_DELAY_MS);
    deps.print();
    return 'printed';
  } catch (error) {
    deps.report({ message: `DEBUG ERROR: ${describe(error)}`, query: document, variables: JSON.stringify(variables) });
    return 'failed';
  } finally {
    if (shown)
      try {
        await deps.show(null);
      } catch {
        // the document could not be taken away: nothing more to do
      }
  }
}
