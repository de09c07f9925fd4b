// The number display of spec 5 for vessel quantities: en-CA with thousands separators,
// volumes and LAA to 3 decimals, strength to 2. Small and free of the alcoholometry tables, so
// the dashboard and list cells can use it.
import { formatNumber } from '../../widgets/numberRules';

const usable = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

const show = (value: number | null | undefined, decimals: number) =>
  usable(value) ? formatNumber(value, decimals) : '—';

/** '1,234.500 L' */
export const formatVolume = (value: number | null | undefined): string => (usable(value) ? `${show(value, 3)} L` : '—');
/** '40.00 %' */
export const formatStrength = (value: number | null | undefined): string =>
  usable(value) ? `${show(value, 2)} %` : '—';
/** '400.000' (litres of absolute alcohol; the column or label says LAA) */
export const formatLaa = (value: number | null | undefined): string => show(value, 3);
/** '62 %' (fill of a vessel, whole percent, one decimal under 10 %) */
export const formatPercent = (value: number | null | undefined): string =>
  usable(value) ? `${formatNumber(value, value > 0 && value < 10 ? 1 : 0)} %` : '—';
