// A shipment that is Shipped or Delivered takes its lines out of stock through the posting
// module (stock.ts): each product line out of the shipment's site, the line's lot and the
// status the shipment names, each item line out of its site and lot, each bundle line as its
// components (stockLines.ts), products among them exactly as product lines. A draft or cancelled
// shipment posts nothing. Saving again reverses and re-posts; deleting reverses.
//
// Duty paid: the bottles leave DutyPaid stock as Sold (duty was paid when they moved to duty
// paid). In bond: they leave InBond stock with their share of its packaged alcohol (LAA), and
// that row is the excise reduction of the excise warehouse's ledger, which is the product
// rows in bond (see returns/b262.ts): DeliveredInBond (to another licensee or a licensed user:
// the B262's "Transferred in bond", liability moving with the goods) or Exported (relieved).
// Neither is a removal to the duty-paid market, which is what Sold from bond would count as
// (the duty point). The description names the destination.
import { MICRO, postStock, reverseStock, type StockPosting } from '../../inventory/stock';
import type { DomainContext } from '../../records/actor';
import { validationError } from '../../kernel/errors';
import type { ApiRecord } from '../../records/hydrate';
import { linesOf, refId } from './documents';
import { stockLinesOf, type StockLine } from './stockLines';

export const SHIPPED_STATUSES = ['Shipped', 'Delivered'];
const DESTINATION_TEXT: Record<string, string> = {
  Licensee: 'Delivered in bond to a licensee',
  LicensedUser: 'Delivered in bond to a licensed user',
  Export: 'Exported in bond',
};

const refOf = (shipment: ApiRecord) => ({ refType: 'shipment', refId: String(shipment.id) });

/** The rows a shipment posts, and the product and item lines they come from; refuses what the
 * person must fix first. */
export async function shipmentRows(
  ctx: DomainContext,
  shipment: ApiRecord,
): Promise<{ rows: StockPosting[]; lines: StockLine[] }> {
  if (!SHIPPED_STATUSES.includes(String(shipment.status))) return { rows: [], lines: [] };
  const dutyPaid = shipment.dutyPaid !== false;
  const destination = shipment.bondDestination ? String(shipment.bondDestination) : null;
  const problems: Record<string, string> = {};
  if (!dutyPaid && !destination)
    problems.bondDestination = 'A shipment in bond must say where it goes: a licensee, a licensed user or export';
  if (!dutyPaid && destination && destination !== 'Export' && !shipment.recipientLicense)
    problems.recipientLicense = 'A delivery in bond names the licence of the one who receives it';
  const number = String(shipment.number ?? shipment.id);
  const lines = await stockLinesOf(ctx, linesOf(shipment), problems, (what) => `${what} ship in whole units`);
  if (Object.keys(problems).length) throw validationError(problems);
  const rows = lines.map((line): StockPosting => {
    const inBond = line.product !== null && !dutyPaid;
    const of = line.bundle ? ` (bundle ${line.bundle})` : '';
    return {
      date: String(shipment.date),
      kind: line.product ? 'Product' : 'Item',
      stockId: (line.product ?? line.item)!,
      siteId: refId(shipment.site),
      lot: line.lot,
      status: line.product ? (dutyPaid ? 'DutyPaid' : 'InBond') : null,
      // thousandths to millionths, exactly
      quantity: -Number(line.quantity) * (MICRO / 1000),
      category: !inBond ? 'Sold' : destination === 'Export' ? 'Exported' : 'DeliveredInBond',
      description: inBond
        ? `${DESTINATION_TEXT[destination!]}${shipment.recipientLicense ? ` (licence ${String(shipment.recipientLicense)})` : ''}: shipment ${number}${of}`
        : `Shipment ${number}${of}`,
      // a component that is short names its bundle and the line's quantity
      ...(line.bundle ? { label: `Bundle ${line.bundle}`, field: `lines.${line.index}.quantity` } : {}),
    };
  });
  return { rows, lines };
}

export async function postShipment(ctx: DomainContext, shipment: ApiRecord) {
  const { rows } = await shipmentRows(ctx, shipment);
  if (!rows.length) return;
  await postStock(ctx, refOf(shipment), rows);
}

export async function unpostShipment(ctx: DomainContext, shipment: ApiRecord) {
  await reverseStock(ctx, refOf(shipment));
}
