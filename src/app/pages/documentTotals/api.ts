// A tax with its components, for the live totals: asked once per tax the lines name (a list of
// every tax with its components costs more than the API's query cost limit allows).
import type { TaxInput } from '../../../shared/money';

export const DOCUMENT_TAX = `query DocumentTax($id: ID!) { tax(id: $id) { id name code rate
  components { name rate compound } } }`;

export interface DocumentTaxResult {
  tax: {
    id: string;
    name: string;
    code: string | null;
    rate: number;
    components: { name: string; rate: number; compound: boolean | null }[];
  } | null;
}

export const taxOf = (r: DocumentTaxResult): TaxInput | null => r.tax;
