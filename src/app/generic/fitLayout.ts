// How the generic screens fit the screen (issue 10, point 16). A list's table scrolls sideways
// inside its card instead of widening the page, and on a phone (below MUI's `sm`, 600 px) only
// the list's first two columns stay, the others (secondary columns, extension columns) folding
// away; the expanded row still shows every field, and row actions (no source) stay. A form's
// card scrolls inside itself too when something in it (a line grid, a panel) is wider.
//
// `contain: inline-size` is what makes a card take the width it is given rather than the width
// of its content: without it the card's content widens every flex ancestor up to the page,
// overflow: auto or not.

/** MUI's `sm` breakpoint: below it is a phone. */
const PHONE = '@media (max-width: 599.95px)';

const cssIdent = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`);

/** Any react-admin list (the generic one, the audit log, the transactions lists): the table
 * scrolls inside its card, the buttons and filters above it wrap, and what still cannot wrap
 * scrolls in place. */
export const listChromeFitSx = {
  minWidth: 0,
  maxWidth: '100%',
  '& .RaList-main': { minWidth: 0, maxWidth: '100%' },
  // one class more specific than react-admin's own `overflow: inherit` on the card
  '& .RaList-main > .RaList-content': { overflowX: 'auto', maxWidth: '100%', contain: 'inline-size' },
  // a DataTable scrolls its table, not the card: react-admin's bulk actions bar is drawn above the
  // table, over the actions row, and a scrolling card would clip it (its buttons unreachable)
  '& .RaList-main > .RaList-content:has(.RaDataTable-root)': { overflow: 'visible' },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .RaTopToolbar-root': { flexWrap: 'wrap', minWidth: 0 },
  '& .RaFilterForm-root': { flexWrap: 'wrap', minWidth: 0 },
  '& .RaList-actions': { flexWrap: 'wrap', minWidth: 0, maxWidth: '100%' },
  // never `contain` on a toolbar sized by its buttons: it shrinks to nothing and the actions row
  // covers its buttons
  '& .RaList-actions .MuiToolbar-root': { flexWrap: 'wrap', minWidth: 0 },
  // on a phone what still cannot wrap scrolls inside the actions row (whose width comes from the
  // page); not on wider screens, where the bulk actions bar slides over that row and must get the clicks
  [PHONE]: { '& .RaList-actions': { overflowX: 'auto', contain: 'inline-size' } },
} as const;

/** The generic list: its chrome, and on a phone only its primary columns. */
export function listFitSx(primaryColumns: readonly string[]) {
  const keep = primaryColumns.map((name) => `:not(.column-${cssIdent(name)})`).join('');
  return {
    ...listChromeFitSx,
    [PHONE]: {
      ...listChromeFitSx[PHONE],
      [`& th[class*="column-"]${keep}, & td[class*="column-"]${keep}`]: { display: 'none' },
    },
  };
}

/** An edit or create screen: its card never widens the page; what is too wide scrolls inside it. */
export const formFitSx = {
  // a list shown inside a form (an extension's panel) follows the list rules
  ...listChromeFitSx,
  minWidth: 0,
  maxWidth: '100%',
  '& .RaEdit-main, & .RaCreate-main': { minWidth: 0, maxWidth: '100%' },
  '& .RaEdit-main > .RaEdit-card, & .RaCreate-main > .RaCreate-card': { overflowX: 'auto', contain: 'inline-size' },
  // the screen's buttons (extensions' actions) wrap onto more rows on a narrow screen
  '& .RaTopToolbar-root': { flexWrap: 'wrap', minWidth: 0 },
} as const;
