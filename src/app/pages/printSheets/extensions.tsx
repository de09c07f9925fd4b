// What the print sheets add to the generated edit screens (through src/app/pages/extensions.ts):
// a 'Print' button in the top toolbar of distillation, bottling, mash and blend (the filled
// record) and of process, product, mash bill and formula (the blank worksheet of the record).
// This module is in the first page load (the extension map is): it holds only the button,
// built from what the shell already loads, and what it hands the print helper (the GraphQL
// call, the error reporter, the feature flags). The print query, the sheet, its layout and
// texts load on the first click (./PrintRunner), within the chunk timeout.
import { useLocaleState, useTranslate } from 'react-admin';
import { useCurrentCompany, useServices } from '../../services';
import { canRead } from '../../access';
import { withChunkTimeout } from '../../shell/chunks';
import { reportClientError } from '../../shell/reporting';
import { PrintButton } from '../../widgets/PrintButton';
import { gqlCall } from '../../shell/gql';
import { hasPermission } from '../../../shared/permissions';
import type { Company } from '../../company/companies';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';

/** Each entity with a sheet, and the record its sheet is of (a blank worksheet's record). */
export const PRINTABLE = {
  distillation: 'distillation',
  process: 'distillation',
  bottling: 'bottling',
  product: 'bottling',
  mash: 'mash',
  mashBill: 'mash',
  blend: 'blend',
  formula: 'blend',
} as const;
export type PrintableEntity = keyof typeof PRINTABLE;
export const PRINTABLE_ENTITIES = Object.keys(PRINTABLE) as PrintableEntity[];

/** Spec 6: the audit section needs the company's allowAudit and the user's audit permission. */
export const auditAllowed = (company: Company | null | undefined): boolean =>
  !!company && company.allowAudit === true && hasPermission(company.permissions ?? [], 'audit');

/** Spec 6: the site column shows only when the company has sites. */
export const companyHasSites = (company: Company | null | undefined): boolean =>
  Array.isArray(company?.sites) && (company.sites as unknown[]).length > 0;

export function PrintAction({ entity, record }: ExtensionProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const company = useCurrentCompany();
  const { authFetch, entityByName } = useServices();
  const kind = entity.name in PRINTABLE ? (entity.name as PrintableEntity) : null;
  const id = record?.id !== undefined && record?.id !== null ? String(record.id) : null;
  // a worksheet is for a production record: the user reads those (and their preferences)
  const of = kind ? entityByName[PRINTABLE[kind]] : undefined;
  if (!kind || !id || !of || !canRead(of, company)) return null;

  return (
    <PrintButton
      labelKey="app.printSheets.button"
      testId="print-sheet-button"
      run={async () => {
        const { runPrint } = await withChunkTimeout(() => import('./PrintRunner'));
        await runPrint({
          kind,
          id,
          audit: auditAllowed(company),
          showSite: companyHasSites(company),
          translate,
          locale,
          call: (query, variables) => gqlCall(authFetch, query, variables, { silent: true }),
          report: reportClientError,
        });
      }}
    />
  );
}

const extension: EntityExtension = { editActions: PrintAction };

export const printSheetExtensions: readonly ExtensionContribution[] = PRINTABLE_ENTITIES.map(
  (name) => [name, extension] as const,
);
