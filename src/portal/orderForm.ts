// The order form's rules, pure: which lines go to the server, the estimated total, and where
// the server's VALIDATION_ERROR fields (lines.<i>.quantity, customerPO…) show on the form.
import { lineAmount, parseQuantity, sumAmounts, toThousandths } from './money';
import type { Product } from './queries';

export interface OrderDraft {
  /** product id -> the quantity as typed */
  quantities: Record<string, string>;
  customerPO: string;
  requiredDate: string;
  notes: string;
}

export const emptyDraft = (): OrderDraft => ({ quantities: {}, customerPO: '', requiredDate: '', notes: '' });

export interface PreparedOrder {
  /** the input of portalPlaceOrder, or null when a line is wrong or there is none */
  input: {
    lines: { productId: string; quantity: number }[];
    customerPO: string | null;
    requiredDate: string | null;
    notes: string | null;
  } | null;
  /** product id -> 'badQuantity' for a quantity that is not a positive number */
  badLines: string[];
  /** the product ids in the order of input.lines, to put a server's lines.<i> message back */
  lineProducts: string[];
  /** sum of the priced lines, at 2 places; null when no priced line has a quantity */
  estimatedTotal: string | null;
}

export function prepareOrder(draft: OrderDraft, products: Product[]): PreparedOrder {
  const lines: { productId: string; quantity: number }[] = [];
  const badLines: string[] = [];
  const amounts: string[] = [];
  for (const product of products) {
    const typed = (draft.quantities[product.id] ?? '').trim();
    if (!typed) continue;
    const quantity = parseQuantity(typed);
    if (quantity === null) {
      badLines.push(product.id);
      continue;
    }
    // the API's quantity is a Float: thousandths / 1000 is the exact decimal the person typed
    lines.push({ productId: product.id, quantity: Number(quantity) / 1000 });
    const price = product.price == null ? null : toThousandths(product.price);
    if (price !== null) amounts.push(lineAmount(price, quantity));
  }
  const blank = (s: string) => (s.trim() ? s.trim() : null);
  return {
    input:
      badLines.length || !lines.length
        ? null
        : {
            lines,
            customerPO: blank(draft.customerPO),
            requiredDate: blank(draft.requiredDate),
            notes: blank(draft.notes),
          },
    badLines,
    lineProducts: lines.map((l) => l.productId),
    estimatedTotal: amounts.length ? sumAmounts(amounts) : null,
  };
}

/** The server's field messages placed on the form: per product for lines.<i>.*, per field else;
 * what names no field of the form is answered under 'form'. */
export function placeServerFields(fields: Record<string, string>, lineProducts: string[]) {
  const byProduct: Record<string, string> = {};
  const byField: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)\./.exec(path);
    const productId = line ? lineProducts[Number(line[1])] : undefined;
    if (productId) byProduct[productId] = message;
    else if (['customerPO', 'requiredDate', 'notes'].includes(path)) byField[path] = message;
    else byField.form = byField.form ? `${byField.form}; ${message}` : message;
  }
  return { byProduct, byField };
}
