// A sales return that is Received or Credited brings its lines back through the posting
// module (stock.ts), at the return's site and each line's lot, products in the status the
// return names (duty paid unless `dutyPaid` is false), as Returned, carrying their nominal
// packaged alcohol (units x container size x strength, as an adjustment up does). A bundle line
// brings back its components (stockLines.ts).
//
// Not restocked (`restock` false: broken, spoiled): the goods are recorded as destroyed with
// two rows, back in as Returned and straight out again as Reduced ("Destroyed: return …"), both
// at no value (sold goods written off) and with the same LAA, so the product's trace shows the
// return and its destruction while the quantity on hand does not change. In bond, the excise
// warehouse's return counts them as returned and lost.
import { nominalLaa, readStockRecords } from '../../inventory/actions';
import { MICRO, postStock, reverseStock, type StockPosting } from '../../inventory/stock';
import type { DomainContext } from '../../records/actor';
import { validationError } from '../../kernel/errors';
import type { ApiRecord } from '../../records/hydrate';
import { linesOf, refId } from './documents';
import { stockLinesOf } from './stockLines';

export const RETURNED_STATUSES = ['Received', 'Credited'];

const refOf = (ret: ApiRecord) => ({ refType: 'salesReturn', refId: String(ret.id) });

export async function postReturn(ctx: DomainContext, ret: ApiRecord) {
  if (!RETURNED_STATUSES.includes(String(ret.status))) return;
  const number = String(ret.number ?? ret.id);
  const restock = ret.restock !== false;
  const dutyPaid = ret.dutyPaid !== false;
  const problems: Record<string, string> = {};
  const lines = await stockLinesOf(ctx, linesOf(ret), problems, (what) => `${what} come back in whole units`);
  if (Object.keys(problems).length) throw validationError(problems);
  const records = await readStockRecords(
    ctx,
    lines.map((l) => l.product).filter((id): id is string => id !== null),
  );
  const rows: StockPosting[] = [];
  for (const line of lines) {
    const micro = Number(line.quantity) * (MICRO / 1000);
    const record = line.product ? records.get(line.product) : undefined;
    const laa = record ? nominalLaa(record, micro) : 0;
    const of = line.bundle ? ` (bundle ${line.bundle})` : '';
    const at = {
      date: String(ret.date),
      kind: line.product ? ('Product' as const) : ('Item' as const),
      stockId: (line.product ?? line.item)!,
      siteId: refId(ret.site),
      lot: line.lot,
      status: line.product ? (dutyPaid ? ('DutyPaid' as const) : ('InBond' as const)) : null,
    };
    if (restock) {
      rows.push({ ...at, quantity: micro, laa, category: 'Returned', description: `Returned: return ${number}${of}` });
      continue;
    }
    rows.push(
      { ...at, quantity: micro, laa, value: 0, category: 'Returned', description: `Returned: return ${number}${of}` },
      {
        ...at,
        quantity: -micro,
        laa: -laa,
        value: 0,
        category: 'Reduced',
        description: `Destroyed: return ${number}${of}`,
      },
    );
  }
  if (rows.length) await postStock(ctx, refOf(ret), rows);
}

export async function unpostReturn(ctx: DomainContext, ret: ApiRecord) {
  await reverseStock(ctx, refOf(ret));
}
