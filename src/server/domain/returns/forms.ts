// What a return is made of, as data: its inventory lines (each the ledger categories it sums)
// and its duty lines (which inventory line, which strength classes, which rate). compute.ts
// turns a definition and a period's sums into the return; b266.ts, b265.ts, b263.ts and b262.ts
// are the definitions.
import type { RateProduct } from './rates';

export const FORMS = ['B266', 'B262', 'B265', 'B263'] as const;
export type Form = (typeof FORMS)[number];

export type Section = 'opening' | 'addition' | 'reduction' | 'adjustment' | 'closing';

/** Strength class of a row: a over 7 %, b over 1.2 % to 7 %, c over 0.5 % to 1.2 %, d 0.5 % or less. */
export type StrengthClass = 'a' | 'b' | 'c' | 'd';

export interface LineDef {
  key: string;
  label: string;
  labelFr: string;
  section: Section;
  /** the ledger categories the line sums (none for opening and closing) */
  categories: readonly string[];
  /** for a category that moves either way (a site transfer of stock): only rows coming in (1) or going out (-1) */
  direction?: 1 | -1;
}

export interface DutyDef {
  key: string;
  label: string;
  labelFr: string;
  /** the inventory line whose rows carry the duty */
  line: string;
  classes: readonly StrengthClass[];
  product: RateProduct;
  /** LAA (measure laa) or litres (measure volume) */
  unit: 'LAA' | 'L';
  /** only rows of spirits that came in imported */
  importedOnly?: boolean;
}

export interface FormDef {
  form: Form;
  /** which ledger: bulk alcohol in vessels, or packaged products in stock */
  source: 'excise' | 'stock';
  alcoholType?: 'Spirit' | 'Wine';
  unit: 'LAA' | 'L';
  /** sites column naming the licence */
  licenceColumn: 'spirits_license' | 'wine_license' | 'warehouse_license' | 'user_license';
  /** sites flag column */
  flagColumn: 'b266' | 'b265' | 'b262' | 'b263';
  label: string;
  lines: LineDef[];
  duty: DutyDef[];
  /** categories that move alcohol between the site's own vessels: they must net to zero */
  transfers: readonly string[];
  /** strength bands reported on each line (wine) */
  bands?: { key: string; classes: readonly StrengthClass[] }[];
}

export const line = (
  key: string,
  section: Section,
  label: string,
  labelFr: string,
  categories: readonly string[] = [],
  direction?: 1 | -1,
): LineDef => ({ key, section, label, labelFr, categories, direction });
