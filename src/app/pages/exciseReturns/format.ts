// Figures as the CRA webform takes them: quantities with 3 decimals, money with 2, thousands
// separated by commas (spec 9); the line's label in the user's language.
export const qty = (n: number | null | undefined) =>
  n === null || n === undefined
    ? ''
    : n.toLocaleString('en-CA', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
export const money = (n: number) => n.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const rate = (n: number | null) =>
  n === null ? '' : n.toLocaleString('en-CA', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
export const labelOf = (l: { label: string; labelFr: string }, locale: string) =>
  locale.startsWith('fr') ? l.labelFr : l.label;
/** the webform screen codes (B-RD-B266-INP…) */
export const screen = (form: string, part: 'INV' | 'INP' | 'DUT' | 'RFD') => `B-RD-${form}-${part}`;
