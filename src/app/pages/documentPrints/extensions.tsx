// The Print button of the invoice, shipment (its packing slip) and purchase order edit screens
// (an editActions extension, wired in ../extensions.ts). Only the button is here; the print
// query, layout and texts load on the first click (./DocumentPrintRunner), as the production
// print sheets do.
import { useLocaleState, useTranslate } from 'react-admin';
import { useCurrentCompany, useServices } from '../../services';
import { withChunkTimeout } from '../../shell/chunks';
import { reportClientError } from '../../shell/reporting';
import { PrintButton } from '../../widgets/PrintButton';
import { gqlCall } from '../../shell/gql';
import { hasPermission } from '../../../shared/permissions';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';
import { PRINTABLE_DOCUMENTS } from './kinds';

export function PrintDocumentAction({ entity, record }: ExtensionProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const kind = PRINTABLE_DOCUMENTS[entity.name as keyof typeof PRINTABLE_DOCUMENTS];
  const id = record?.id !== undefined && record?.id !== null ? String(record.id) : null;
  if (!kind || !id) return null;

  return (
    <PrintButton
      labelKey="documentPrints.button"
      testId="print-document-button"
      run={async () => {
        const { runDocumentPrint } = await withChunkTimeout(() => import('./DocumentPrintRunner'));
        await runDocumentPrint({
          kind,
          id,
          companyId: company?.id ?? null,
          values: hasPermission(company?.permissions ?? [], 'values'),
          translate,
          locale,
          call: (query, variables) => gqlCall(authFetch, query, variables, { silent: true }),
          report: reportClientError,
        });
      }}
    />
  );
}

const extension: EntityExtension = { editActions: PrintDocumentAction };

export const documentPrintExtensions: readonly ExtensionContribution[] = Object.keys(PRINTABLE_DOCUMENTS).map(
  (name) => [name, extension] as const,
);
