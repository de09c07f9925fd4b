// Printing one document, with the production print sheets' rules (../printSheets/print.ts):
// run the print query (any API error aborts silently: nothing shown, nothing printed), show the
// document, wait the print delay (500 ms), call window.print(), then take it away. An exception
// of this helper itself is reported to the server with logClientError as 'DEBUG ERROR'.
import type { ClientErrorInput } from '../../shell/clientErrors';
import { buildDocument, type DocumentSheet, type PrintCompany, type PrintRecord, type Translate } from './documents';
import { DOCUMENT_QUERIES, type DocumentKind } from './queries';

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

type Answer = { companies?: (PrintCompany & { id: string })[] } & Record<string, unknown>;

export async function printDocument(request: DocumentPrintRequest, deps: DocumentPrintDeps): Promise<PrintOutcome> {
  const { field, document } = DOCUMENT_QUERIES[request.kind];
  const variables = { id: request.id };
  let answer: Answer;
  try {
    answer = await deps.call<Answer>(document, variables);
  } catch {
    return 'aborted';
  }
  let shown = false;
  try {
    const record = answer[field] as PrintRecord | null | undefined;
    if (!record) return 'aborted';
    const company = answer.companies?.find((c) => c.id === request.companyId) ?? null;
    const sheet = buildDocument(request.kind, record, company, {
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
