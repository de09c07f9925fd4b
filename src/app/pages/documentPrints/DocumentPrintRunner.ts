// What the Print button of an invoice, shipment or purchase order loads on its first click: the
// texts (./register), the print query and layout, and the page element the document is shown in
// (a direct child of <body>, which the print CSS keeps while hiding the app shell).
import './register';
import type { ClientErrorInput } from '../../shell/clientErrors';
import type { DocumentSheet, Translate } from './documents';
import { DOCUMENT_CSS, DOCUMENT_ROOT_CLASS, documentHtml } from './documentHtml';
import { printDocument, type PrintOutcome } from './print';
import type { DocumentKind } from './queries';

function documentHost(translate: Translate, locale: string) {
  let element: HTMLElement | null = null;
  const printedAt = new Date().toLocaleString(locale === 'fr' ? 'fr-CA' : 'en-CA');
  return (sheet: DocumentSheet | null) => {
    if (!sheet) {
      element?.remove();
      element = null;
      return;
    }
    if (!element) {
      element = document.createElement('div');
      element.className = DOCUMENT_ROOT_CLASS;
      element.dataset.testid = 'document-print';
      element.lang = locale === 'fr' ? 'fr' : 'en';
      document.body.appendChild(element);
    }
    element.innerHTML = `<style>${DOCUMENT_CSS}</style>${documentHtml(sheet, translate, printedAt)}`;
  };
}

export interface RunDocumentPrint {
  kind: DocumentKind;
  id: string;
  companyId: string | null;
  values: boolean;
  translate: Translate;
  locale: string;
  call: <T>(query: string, variables: Record<string, unknown>) => Promise<T>;
  report: (input: ClientErrorInput) => void;
}

export function runDocumentPrint(r: RunDocumentPrint): Promise<PrintOutcome> {
  return printDocument(
    { kind: r.kind, id: r.id, companyId: r.companyId, values: r.values, translate: r.translate, locale: r.locale },
    { call: r.call, show: documentHost(r.translate, r.locale), print: () => window.print(), report: r.report },
  );
}
