// Texts of the print sheets (spec 2.5), English and French. They load with the print button's
// chunk, not with the first page: the sheet asks `translate` first (an i18n key of the same
// name wins) and falls back to these. Field labels of the records come from the generated
// entity labels (resources.<plural>.fields.<field>).

const en = {
  button: 'Print',
  printing: 'Preparing the print sheet…',
  sheet_label: 'Print sheet: %{title}',
  incomplete: 'INCOMPLETE',
  incomplete_note: 'This record is not completed.',
  title: {
    distillation: 'Distillation record',
    process: 'Distillation process form',
    bottling: 'Bottling record',
    product: 'Bottling worksheet',
    mash: 'Mashing record',
    mashBill: 'Mashing worksheet',
    blend: 'Blend record',
    formula: 'Blend worksheet',
  },
  section: {
    details: 'Details',
    inputs: 'Inputs',
    outputs: 'Outputs',
    charge: 'Charge',
    cuts: 'Cuts collected',
    materials: 'Materials',
    ingredients: 'Ingredients',
    fermenters: 'Fermenters filled',
    audit: 'Audit trail',
    signature: 'Signatures',
  },
  column: {
    type: 'Type',
    name: 'Name',
    lot: 'Lot',
    from: 'From',
    into: 'Into',
    quantity: 'Quantity',
    planned: 'Planned',
    actual: 'Actual',
    minimum: 'Minimum',
    maximum: 'Maximum',
    units: 'Units',
    strength: 'Strength (% ABV)',
    laa: 'LAA',
    cut: 'Cut',
    per: 'Per',
    fermenter: 'Fermenter',
    volume: 'Volume (L)',
    time: 'Time',
    user: 'User',
    event: 'Event',
  },
  field: {
    cases: 'Cases',
    output: 'Output',
    container_size: 'Container size (L)',
    printed: 'Printed',
    operator: 'Operator',
    checked_by: 'Checked by',
    target_brix: 'Target Brix',
    target_ph: 'Target pH',
  },
  units: { laa: 'LAA', litres: 'L', percent: '%' },
  yes: 'Yes',
  no: 'No',
  no_lines: 'None',
  events: {
    created: 'Created',
    updated: 'Updated',
    deleted: 'Deleted',
    posted: 'Posted',
    reversed: 'Reversed',
  },
};

export type PrintMessages = typeof en;

const fr: PrintMessages = {
  button: 'Imprimer',
  printing: 'Préparation de la fiche à imprimer…',
  sheet_label: 'Fiche à imprimer : %{title}',
  incomplete: 'INCOMPLET',
  incomplete_note: 'Cet enregistrement n’est pas terminé.',
  title: {
    distillation: 'Fiche de distillation',
    process: 'Formulaire de procédé de distillation',
    bottling: 'Fiche d’embouteillage',
    product: 'Feuille de travail d’embouteillage',
    mash: 'Fiche de brassage',
    mashBill: 'Feuille de travail de brassage',
    blend: 'Fiche d’assemblage',
    formula: 'Feuille de travail d’assemblage',
  },
  section: {
    details: 'Détails',
    inputs: 'Intrants',
    outputs: 'Extrants',
    charge: 'Charge',
    cuts: 'Coupes recueillies',
    materials: 'Matériaux',
    ingredients: 'Ingrédients',
    fermenters: 'Fermenteurs remplis',
    audit: 'Piste d’audit',
    signature: 'Signatures',
  },
  column: {
    type: 'Type',
    name: 'Nom',
    lot: 'Lot',
    from: 'De',
    into: 'Dans',
    quantity: 'Quantité',
    planned: 'Prévu',
    actual: 'Réel',
    minimum: 'Minimum',
    maximum: 'Maximum',
    units: 'Unités',
    strength: 'Titre (% alc./vol.)',
    laa: 'LAA',
    cut: 'Coupe',
    per: 'Par',
    fermenter: 'Fermenteur',
    volume: 'Volume (L)',
    time: 'Heure',
    user: 'Utilisateur',
    event: 'Événement',
  },
  field: {
    cases: 'Caisses',
    output: 'Produit obtenu',
    container_size: 'Format du contenant (L)',
    printed: 'Imprimé le',
    operator: 'Opérateur',
    checked_by: 'Vérifié par',
    target_brix: 'Brix visé',
    target_ph: 'pH visé',
  },
  units: { laa: 'LAA', litres: 'L', percent: '%' },
  yes: 'Oui',
  no: 'Non',
  no_lines: 'Aucun',
  events: {
    created: 'Créé',
    updated: 'Modifié',
    deleted: 'Supprimé',
    posted: 'Comptabilisé',
    reversed: 'Contrepassé',
  },
};

export const printSheetMessages = { en, fr };

/** The key prefix of these texts in the app's i18n tree. */
export const PRINT_PREFIX = 'app.printSheets.';

type Tree = { [key: string]: unknown };

/** 'title.bottling' in a language's tree, with %{name} filled in; undefined when missing. */
export function printMessage(
  locale: string | undefined,
  key: string,
  options: Record<string, unknown> = {},
): string | undefined {
  let node: unknown = printSheetMessages[locale === 'fr' ? 'fr' : 'en'];
  for (const part of key.split('.')) node = (node as Tree | undefined)?.[part];
  if (typeof node !== 'string') return undefined;
  return node.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * One translate for the sheets: `print:title.bottling` reads these texts (an app i18n key
 * app.printSheets.title.bottling wins when one exists), any other key goes to the app's
 * translate (generated field labels).
 */
export function sheetTranslator(appTranslate: Translate, locale: string | undefined): Translate {
  return (key, options = {}) => {
    if (!key.startsWith('print:')) return appTranslate(key, options);
    const own = key.slice('print:'.length);
    const fallback = printMessage(locale, own, options) ?? own;
    return appTranslate(PRINT_PREFIX + own, { ...options, _: fallback });
  };
}
