// An assembly on the stock ledger: its components (items) leave stock at the assembly's site,
// in the lots the lines name; the assembled item enters it in the assembly's lot, worth what
// its components were. A line's quantity is what the assembly used (the form totals the lines).
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import { MICRO, type StockPosting } from '../inventory/stock';
import { Problems, consumed, linesOf, milliField, nameOf, recordDay, refOf, recordSite } from './common';
import type { StagedPlan } from './staged';

export async function planAssembly(ctx: DomainContext, record: ApiRecord): Promise<StagedPlan> {
  const p = new Problems();
  const date = await recordDay(ctx, record.date);
  const lot = typeof record.lot === 'string' && record.lot.trim() ? record.lot.trim() : null;
  const siteId = await recordSite(ctx, record);
  const itemId = refOf(record.item);
  const quantity = milliField(record.quantity) ?? 0;
  const name = `assembly ${lot ?? record.id}`;
  const made = nameOf(record.item) ?? 'the assembled item';
  if (!itemId) p.add('item', 'Required');

  const used: StockPosting[] = [];
  linesOf(record, 'components').forEach((line, i) => {
    const item = refOf(line.item);
    const q = milliField(line.quantity) ?? 0;
    if (!item) return p.add(`components.${i}.item`, 'Required');
    if (item === itemId) return p.add(`components.${i}.item`, 'An item cannot be a component of itself');
    if (q > 0)
      used.push(
        consumed(
          date,
          item,
          siteId,
          typeof line.lot === 'string' && line.lot.trim() ? line.lot.trim() : null,
          q,
          `Assembled into ${made} (${name})`,
        ),
      );
  });
  p.check();

  return {
    vessels: [],
    consumed: used,
    produce(_vessels, taken) {
      if (quantity <= 0) return { postings: [], stock: [] };
      return {
        postings: [],
        stock: [
          {
            date,
            kind: 'Item',
            stockId: itemId!,
            siteId,
            lot,
            status: null,
            quantity: quantity * (MICRO / 1000),
            value: taken.value,
            category: 'Produced',
            description: `Assembled (${name})`,
          },
        ],
      };
    },
  };
}
