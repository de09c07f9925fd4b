// The languages and the message-tree helpers shared by every language module. Kept free of any
// language's texts: the first page load carries only the language it shows (languages.ts).

export const LOCALES = ['en', 'fr'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const availableLocales = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
];

export const isLocale = (value: unknown): value is AppLocale => LOCALES.includes(value as AppLocale);

export type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge; later trees win. */
export function mergeTrees(...trees: unknown[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    if (!isTree(tree)) continue;
    for (const [key, value] of Object.entries(tree)) {
      out[key] =
        isTree(value) && isTree(out[key]) ? mergeTrees(out[key], value) : isTree(value) ? mergeTrees(value) : value;
    }
  }
  return out;
}

/**
 * i18next separates keys on '.', so a key like `values["bom.per"]` (enum labels of a lines
 * field) could never be found; it becomes `values.bom.per`.
 */
export function nestDottedKeys(tree: unknown): Tree {
  if (!isTree(tree)) return {};
  let out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    const nested = isTree(value) ? nestDottedKeys(value) : value;
    const parts = key.split('.').filter(Boolean);
    let piece: unknown = nested;
    for (let i = parts.length - 1; i >= 1; i--) piece = { [parts[i]]: piece };
    out = mergeTrees(out, { [parts[0] ?? key]: piece });
  }
  return out;
}
