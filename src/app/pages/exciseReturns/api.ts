// What the excise returns screens ask the server (schema/graphql/returns.graphql).
import { useCallback, useEffect, useState } from 'react';
import { useGraphQL } from '../settings/api';
import type { Form, ReturnRef } from './paths';

export interface ReturnLine {
  key: string;
  label: string;
  labelFr: string;
  section: 'opening' | 'addition' | 'reduction' | 'adjustment' | 'closing';
  unit: string;
  quantity: number;
  bands: { band: string; quantity: number }[] | null;
}
export interface DutyLine {
  key: string;
  label: string;
  labelFr: string;
  line: string | null;
  quantity: number | null;
  unit: string | null;
  rate: number | null;
  rateFrom: string | null;
  amount: number;
}
export interface ExciseReturn {
  form: Form;
  siteId: string;
  siteName: string;
  licence: string | null;
  periodStart: string;
  periodEnd: string;
  /** the company period it is filed and reopened with */
  filingPeriodStart: string;
  filingPeriodEnd: string;
  dueDate: string;
  status: 'Draft' | 'Filed' | 'Amending';
  nil: boolean;
  reconciled: boolean;
  ledgerClosing: number;
  unmatched: number;
  unit: string;
  lines: ReturnLine[];
  duty: DutyLine[];
  refund: number;
  totalDuty: number;
  filing: { filedOn: string; confirmation: string | null; filedBy: string | null; version: number } | null;
  amendment: string | null;
}
export interface PeriodSummary {
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  filed: boolean;
  returns: {
    form: Form;
    siteId: string;
    siteName: string;
    licence: string | null;
    halfYearly: boolean;
    /** the return's own period: the listed one, or the half-year it ends for a half-yearly site */
    periodStart: string;
    periodEnd: string;
    dueDate: string;
    nil: boolean;
    status: string;
  }[];
}
export interface Periods {
  fiscalYear: number;
  fiscalYearMonth: number;
  /** monthly, or halfYearly when every site that files is authorised half-yearly */
  frequency: string;
  excisePeriodEnd: string | null;
  periods: PeriodSummary[];
}
export interface DetailRow {
  id: string;
  date: string;
  category: string;
  refType: string | null;
  refId: string | null;
  description: string | null;
  lot: string | null;
  name: string | null;
  vesselId: string | null;
  vesselName: string | null;
  volume: number | null;
  laa: number | null;
  strength: number | null;
  quantity: number;
}
export interface Details {
  key: string;
  label: string;
  unit: string;
  totalCount: number;
  total: number;
  nodes: DetailRow[];
}

const RETURN_FIELDS = `form siteId siteName licence periodStart periodEnd filingPeriodStart filingPeriodEnd dueDate status nil reconciled ledgerClosing
  unmatched unit lines { key label labelFr section unit quantity bands { band quantity } }
  duty { key label labelFr line quantity unit rate rateFrom amount } refund totalDuty
  filing { filedOn confirmation filedBy version } amendment`;
const ARGS = `$form: ExciseReturnForm!, $siteId: ID!, $periodStart: Date!, $periodEnd: Date!`;
const PASS = `form: $form, siteId: $siteId, periodStart: $periodStart, periodEnd: $periodEnd`;

export const PERIODS_DOCUMENT = `query ExciseReturnPeriods($fiscalYear: Int) { exciseReturnPeriods(fiscalYear: $fiscalYear) {
  fiscalYear fiscalYearMonth excisePeriodEnd
  frequency periods { periodStart periodEnd dueDate filed returns { form siteId siteName licence halfYearly periodStart periodEnd dueDate nil status } } } }`;
export const RETURN_DOCUMENT = `query ExciseReturn(${ARGS}) { exciseReturn(${PASS}) { ${RETURN_FIELDS} } }`;
export const DETAILS_DOCUMENT = `query ExciseReturnDetails(${ARGS}, $key: String!, $first: Int, $offset: Int) {
  exciseReturnDetails(${PASS}, key: $key, first: $first, offset: $offset) { key label unit totalCount total
  nodes { id date category refType refId description lot name vesselId vesselName volume laa strength quantity } } }`;
export const EXPORT_DOCUMENT = `query ExciseReturnExportCSV(${ARGS}) { exciseReturnExportCSV(${PASS}) }`;
export const REFUND_DOCUMENT = `mutation ExciseReturnSetRefund(${ARGS}, $amount: Float!) {
  exciseReturnSetRefund(${PASS}, amount: $amount) { ${RETURN_FIELDS} } }`;
export const FILE_DOCUMENT = `mutation ExciseReturnsFile($periodStart: Date!, $periodEnd: Date!, $filedOn: Date!,
  $confirmations: [ExciseReturnConfirmationInput!]) {
  exciseReturnsFile(periodStart: $periodStart, periodEnd: $periodEnd, filedOn: $filedOn, confirmations: $confirmations) { status } }`;
export const REOPEN_DOCUMENT = `mutation ExciseReturnsReopen($periodStart: Date!, $periodEnd: Date!) {
  exciseReturnsReopen(periodStart: $periodStart, periodEnd: $periodEnd) { status } }`;

/** One query's answer, with loading, error and a reload. */
export function useQuery<T>(document: string, variables: Record<string, unknown> | null) {
  const call = useGraphQL();
  const key = JSON.stringify(variables);
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (variables === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    call<T>(document, variables).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, document, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export const refVariables = (r: ReturnRef) => ({ ...r });
