// A sales document's line sells one thing (issue 12): a product, an item or a bundle. Checked
// before the write, on every sales document, whether or not it moves stock.
import { validationError } from '../kernel/errors';
import type { WriteChange } from '../records/hooks';

type Line = Record<string, unknown>;

/** A reference as the input gives it (an id) or as a record holds it ({ id }). */
const idOf = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && (v as { id?: unknown }).id != null) return String((v as { id: unknown }).id);
  return null;
};

/** Refuses a line that names more than one thing, on the field of the thing too many. A line
 * changed in place keeps what the input leaves out, so that is read from the record before. */
export function checkOneThingPerLine(change: WriteChange): void {
  const lines = change.input.lines;
  if (!Array.isArray(lines)) return;
  const before = new Map(
    ((change.before?.lines as Line[] | null | undefined) ?? []).map((l) => [String(l.id), l] as const),
  );
  const problems: Record<string, string> = {};
  (lines as Line[]).forEach((line, i) => {
    const was = line.id != null ? before.get(String(line.id)) : undefined;
    const has = (field: string) => idOf(line[field] !== undefined ? line[field] : was?.[field]) !== null;
    if (has('bundle') && (has('product') || has('item')))
      problems[`lines.${i}.bundle`] = 'Choose a product, an item or a bundle, not more than one';
    else if (has('product') && has('item')) problems[`lines.${i}.item`] = 'Choose a product or an item, not both';
  });
  if (Object.keys(problems).length) throw validationError(problems);
}
