// Printing one sheet (spec 8, 9): run the print query; any API error aborts silently (nothing
// shown, nothing printed); build and show the sheet, wait the print delay (500 ms), call
// window.print(), then take the sheet away. An exception of this helper itself (building the
// sheet, the browser's print) is reported to the server with logClientError as 'DEBUG ERROR'.
import type { ClientErrorInput } from '../../shell/clientErrors';
import { printQuery, PRINT_QUERIES, type SheetKind } from './queries';
import { buildSheet, type AuditRow, type PrintRecord, type Sheet, type SheetOptions } from './sheets';

/** Spec 9: print delay before printing. */
export const PRINT_DELAY_MS = 500;

export const DEBUG_ERROR = 'DEBUG ERROR';

export interface PrintDeps {
  /** the GraphQL call (silent: no error banner); rejects on any API error */
  call: <T>(query: string, variables: Record<string, unknown>) => Promise<T>;
  /** puts the sheet on the page (null takes it away); resolves once it is rendered */
  show: (sheet: Sheet | null) => Promise<void> | void;
  print: () => void;
  report: (input: ClientErrorInput) => void;
  wait?: (ms: number) => Promise<void>;
}

export interface PrintRequest {
  kind: SheetKind;
  id: string;
  /** company allowAudit and the user's audit permission */
  audit: boolean;
  showSite: boolean;
  translate: SheetOptions['translate'];
}

export type PrintOutcome = 'printed' | 'aborted' | 'failed';

/** 'Error: message' and its stack (shell/clientErrors describeUncaught, kept out of this chunk). */
const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}` : String(error);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Answer {
  [field: string]: unknown;
  auditEntries2?: { edges: { node: AuditRow }[] } | null;
}

export async function printSheet(request: PrintRequest, deps: PrintDeps): Promise<PrintOutcome> {
  const { document, variables } = printQuery(request.kind, request.id, request.audit);
  let answer: Answer;
  try {
    answer = await deps.call<Answer>(document, variables);
  } catch {
    return 'aborted'; // spec 8: any API error on the print query aborts printing silently
  }
  let shown = false;
  try {
    const record = answer[PRINT_QUERIES[request.kind].field] as PrintRecord | null | undefined;
    if (!record) return 'aborted'; // no such record (deleted meanwhile): nothing to print
    const def = PRINT_QUERIES[request.kind];
    const audit = request.audit ? (answer.auditEntries2?.edges ?? []).map((e) => e.node) : null;
    const preferences = def.preferences ? (answer[def.preferences] as Record<string, unknown> | null) : null;
    const sheet = buildSheet(request.kind, record, {
      translate: request.translate,
      showSite: request.showSite,
      audit,
      preferences,
    });
    await deps.show(sheet);
    shown = true;
    await (deps.wait ?? sleep)(PRINT_DELAY_MS);
    deps.print();
    return 'printed';
  } catch (error) {
    deps.report({
      message: `${DEBUG_ERROR}: ${describe(error)}`,
      query: document,
      variables: JSON.stringify(variables),
    });
    return 'failed';
  } finally {
    if (shown)
      try {
        await deps.show(null);
      } catch {
        // the sheet could not be taken away: nothing more to do
      }
  }
}
