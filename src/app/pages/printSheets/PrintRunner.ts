// The print helper the 'Print' button loads on its first click: the print query (an API error
// aborts printing without a word, spec 8), the sheet put on the page in its own element on
// <body> (the print CSS hides every other child of <body>, the app shell included),
// window.print() after the 500 ms delay (./print.ts), and the sheet taken away afterwards.
// It imports nothing the first page load has (the button hands it the app's GraphQL call and
// error reporter), so its chunk does not split the shell's (npm run bench bundle).
import type { ClientErrorInput } from '../../shell/clientErrors';
import { sheetTranslator, type Translate } from './messages';
import { PRINT_CSS, SHEET_ROOT_CLASS, sheetHtml } from './sheetHtml';
import { printSheet, type PrintOutcome } from './print';
import type { SheetKind } from './queries';
import { formatDateTime, type Sheet } from './sheets';

/** Puts a sheet on the page (an element of its own, a direct child of <body>), or takes it away. */
function sheetHost(translate: Translate) {
  let element: HTMLElement | null = null;
  const printedAt = formatDateTime(new Date().toISOString());
  return (sheet: Sheet | null) => {
    if (!sheet) {
      element?.remove();
      element = null;
      return;
    }
    if (!element) {
      element = document.createElement('div');
      element.className = SHEET_ROOT_CLASS;
      element.dataset.testid = 'print-sheet';
      document.body.appendChild(element);
    }
    element.innerHTML = `<style>${PRINT_CSS}</style>${sheetHtml(sheet, translate, printedAt)}`;
  };
}

export interface RunPrintRequest {
  kind: SheetKind;
  id: string;
  /** company allowAudit and the user's audit permission (spec 6) */
  audit: boolean;
  /** the company has sites (spec 6) */
  showSite: boolean;
  /** the app's translate (react-admin) and language */
  translate: Translate;
  locale: string;
  /** the app's GraphQL call of the current company, silent (no error banner) */
  call: <T>(query: string, variables: Record<string, unknown>) => Promise<T>;
  /** the app's client error reporter (logClientError) */
  report: (input: ClientErrorInput) => void;
}

export function runPrint({
  kind,
  id,
  audit,
  showSite,
  translate,
  locale,
  call,
  report,
}: RunPrintRequest): Promise<PrintOutcome> {
  const sheetTranslate = sheetTranslator(translate, locale);
  return printSheet(
    { kind, id, audit, showSite, translate: sheetTranslate },
    { call, show: sheetHost(sheetTranslate), print: () => window.print(), report },
  );
}
