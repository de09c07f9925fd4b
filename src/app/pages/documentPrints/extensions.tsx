// The Print button of the invoice, shipment (its packing slip) and purchase order edit screens
// (an editActions extension, wired in ../extensions.ts). Only the button is here; the print
// query, layout and texts load on the first click (./DocumentPrintRunner), as the production
// print sheets do.
import { useState } from 'react';
import { Button as RaButton, useLocaleState, useTranslate } from 'react-admin';
import PrintIcon from '@mui/icons-material/Print';
import { useCurrentCompany, useServices } from '../../services';
import { withChunkTimeout } from '../../shell/chunks';
import { reportClientError } from '../../shell/reporting';
import { describeUncaught } from '../../shell/clientErrors';
import { gqlCall } from '../../shell/gql';
import { hasPermission } from '../../../shared/permissions';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';
import { PRINTABLE_DOCUMENTS } from './kinds';

/** The button's own label (the print's texts load with it). */
const LABEL = { en: 'Print', fr: 'Imprimer' };

export function PrintDocumentAction({ entity, record }: ExtensionProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const [busy, setBusy] = useState(false);
  const kind = PRINTABLE_DOCUMENTS[entity.name as keyof typeof PRINTABLE_DOCUMENTS];
  const id = record?.id !== undefined && record?.id !== null ? String(record.id) : null;
  if (!kind || !id) return null;

  const onClick = async () => {
    setBusy(true);
    try {
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
    } catch (error) {
      reportClientError({ message: `DEBUG ERROR: ${describeUncaught(error)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <RaButton
      label={translate('documentPrints.button', { _: locale === 'fr' ? LABEL.fr : LABEL.en })}
      onClick={() => void onClick()}
      disabled={busy}
      aria-busy={busy}
      data-testid="print-document-button"
    >
      <PrintIcon />
    </RaButton>
  );
}

const extension: EntityExtension = { editActions: PrintDocumentAction };

export const documentPrintExtensions: readonly ExtensionContribution[] = Object.keys(PRINTABLE_DOCUMENTS).map(
  (name) => [name, extension] as const,
);
