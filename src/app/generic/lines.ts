// Totals under a lines grid (`field.lines.totals`), pure for tests.
import type { FieldMeta } from '../../shared/meta';
import { parseNumberText } from '../widgets/numberRules';

/** The total of each marked field over the lines (blank counts as 0). */
export function lineTotals(
  lines: unknown,
  totals: readonly string[],
  fields: readonly FieldMeta[],
): { field: FieldMeta; total: number }[] {
  const rows = Array.isArray(lines) ? (lines as Record<string, unknown>[]) : [];
  return totals.flatMap((name) => {
    const field = fields.find((f) => f.name === name);
    if (!field) return [];
    const precision = field.type === 'integer' ? 0 : (field.precision ?? 2);
    const sum = rows.reduce((acc, row) => {
      const v = row?.[name];
      const n = typeof v === 'number' ? v : parseNumberText(v as string);
      return Number.isFinite(n) ? acc + n : acc;
    }, 0);
    return [{ field, total: Number(sum.toFixed(precision)) }];
  });
}
