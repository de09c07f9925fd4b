// The closed list of excise categories (schema/graphql/excise.graphql ExciseCategory): what a
// ledger row means to the CRA returns. Browser and server read it: labels for lists and
// pickers, and which categories an action may use (an addition only adds, a reduction only
// takes out; adjustments go either way).
export const ALCOHOL_TYPES = ['Spirit', 'Wine', 'NonExcise'] as const;
export type AlcoholType = (typeof ALCOHOL_TYPES)[number];

export const VESSEL_TYPES = ['Tank', 'Fermenter', 'Cask', 'BulkContainer'] as const;
export type VesselType = (typeof VESSEL_TYPES)[number];

export type CategoryKind = 'initial' | 'addition' | 'reduction' | 'adjustment' | 'transfer';

interface CategoryInfo {
  alcoholType: AlcoholType;
  kind: CategoryKind;
  en: string;
  fr: string;
}

const spirits = (kind: CategoryKind, en: string, fr: string): CategoryInfo => ({ alcoholType: 'Spirit', kind, en, fr });
const wine = (kind: CategoryKind, en: string, fr: string): CategoryInfo => ({ alcoholType: 'Wine', kind, en, fr });
const nonExcise = (kind: CategoryKind, en: string, fr: string): CategoryInfo => ({
  alcoholType: 'NonExcise',
  kind,
  en,
  fr,
});

export const EXCISE_CATEGORIES = {
  SpiritsInitial: spirits('initial', 'Opening inventory', "Stock d'ouverture"),
  SpiritsAdditionProduced: spirits('addition', 'Produced', 'Produit'),
  SpiritsAdditionReceivedFromSpiritsLicensee: spirits(
    'addition',
    'Received from another spirits licensee',
    "Reçu d'un autre titulaire de licence de spiritueux",
  ),
  SpiritsAdditionReceivedFromLicensedUser: spirits(
    'addition',
    'Received from a licensed user',
    "Reçu d'un utilisateur agréé",
  ),
  SpiritsAdditionReceivedFromOwnSite: spirits(
    'addition',
    'Received from another of our sites',
    "Reçu d'un autre de nos sites",
  ),
  SpiritsAdditionImported: spirits('addition', 'Imported', 'Importé'),
  SpiritsAdditionPackagedReturnedToBulk: spirits(
    'addition',
    'Packaged spirits returned to bulk',
    'Spiritueux emballés remis en vrac',
  ),
  SpiritsAdditionOther: spirits('addition', 'Other addition', 'Autre ajout'),
  SpiritsReductionPackagedDutyPaid: spirits('reduction', 'Packaged, duty paid', 'Emballé, droits acquittés'),
  SpiritsReductionPackagedToOwnWarehouse: spirits(
    'reduction',
    'Packaged into our excise warehouse',
    "Emballé dans notre entrepôt d'accise",
  ),
  SpiritsReductionDeliveredToSpiritsLicensee: spirits(
    'reduction',
    'Delivered to another spirits licensee',
    'Livré à un autre titulaire de licence de spiritueux',
  ),
  SpiritsReductionDeliveredToLicensedUser: spirits(
    'reduction',
    'Delivered to a licensed user',
    'Livré à un utilisateur agréé',
  ),
  SpiritsReductionDeliveredToWineLicensee: spirits(
    'reduction',
    'Delivered to a wine licensee',
    'Livré à un titulaire de licence de vin',
  ),
  SpiritsReductionTransferredToOwnSite: spirits(
    'reduction',
    'Sent to another of our sites',
    'Envoyé à un autre de nos sites',
  ),
  SpiritsReductionUsedToFortifyWine: spirits('reduction', 'Used to fortify wine', 'Utilisé pour fortifier du vin'),
  SpiritsReductionExported: spirits('reduction', 'Exported', 'Exporté'),
  SpiritsReductionDenatured: spirits('reduction', 'Denatured', 'Dénaturé'),
  SpiritsReductionBulkSpiritsReturnedToSpiritProduction: spirits(
    'reduction',
    'Returned to production or redistilled',
    'Remis en production ou redistillé',
  ),
  SpiritsReductionLossesPrescribed: spirits(
    'reduction',
    'Losses in prescribed circumstances',
    'Pertes dans des circonstances prévues',
  ),
  SpiritsReductionLossesDutiable: spirits(
    'reduction',
    'Other losses (dutiable)',
    'Autres pertes (passibles de droits)',
  ),
  SpiritsReductionDestroyed: spirits('reduction', 'Destroyed', 'Détruit'),
  SpiritsReductionOther: spirits('reduction', 'Other reduction', 'Autre réduction'),
  SpiritsAdjustment: spirits('adjustment', 'Gauging adjustment', 'Ajustement de jaugeage'),
  SpiritsTransfer: spirits('transfer', 'Transfer between our vessels', 'Transfert entre nos contenants'),
  WineInitial: wine('initial', 'Opening inventory', "Stock d'ouverture"),
  WineAdditionProduced: wine('addition', 'Produced', 'Produit'),
  WineAdditionReceivedFromWineLicensee: wine(
    'addition',
    'Received from another wine licensee',
    "Reçu d'un autre titulaire de licence de vin",
  ),
  WineAdditionReceivedFromLicensedUser: wine(
    'addition',
    'Received from a licensed user',
    "Reçu d'un utilisateur agréé",
  ),
  WineAdditionReceivedFromOwnSite: wine(
    'addition',
    'Received from another of our sites',
    "Reçu d'un autre de nos sites",
  ),
  WineAdditionImported: wine('addition', 'Imported', 'Importé'),
  WineAdditionFortified: wine('addition', 'Spirits added (fortification)', 'Spiritueux ajoutés (fortification)'),
  WineAdditionPackagedReturnedToBulk: wine('addition', 'Packaged wine returned to bulk', 'Vin emballé remis en vrac'),
  WineAdditionOther: wine('addition', 'Other addition', 'Autre ajout'),
  WineReductionPackagedDutyPaid: wine('reduction', 'Packaged, duty paid', 'Emballé, droits acquittés'),
  WineReductionPackagedToOwnWarehouse: wine(
    'reduction',
    'Packaged into our excise warehouse',
    "Emballé dans notre entrepôt d'accise",
  ),
  WineReductionDeliveredToWineLicensee: wine(
    'reduction',
    'Delivered to another wine licensee',
    'Livré à un autre titulaire de licence de vin',
  ),
  WineReductionDeliveredToLicensedUser: wine(
    'reduction',
    'Delivered to a licensed user',
    'Livré à un utilisateur agréé',
  ),
  WineReductionTransferredToOwnSite: wine(
    'reduction',
    'Sent to another of our sites',
    'Envoyé à un autre de nos sites',
  ),
  WineReductionExported: wine('reduction', 'Exported', 'Exporté'),
  WineReductionUsedForProduction: wine(
    'reduction',
    'Used in production (distilled)',
    'Utilisé en production (distillé)',
  ),
  WineReductionLossesAuthorised: wine('reduction', 'Authorised losses', 'Pertes autorisées'),
  WineReductionLossesOther: wine('reduction', 'Other losses', 'Autres pertes'),
  WineReductionDestroyed: wine('reduction', 'Destroyed', 'Détruit'),
  WineReductionOther: wine('reduction', 'Other reduction', 'Autre réduction'),
  WineAdjustment: wine('adjustment', 'Gauging adjustment', 'Ajustement de jaugeage'),
  WineTransfer: wine('transfer', 'Transfer between our vessels', 'Transfert entre nos contenants'),
  NonExciseInitial: nonExcise('initial', 'Opening inventory', "Stock d'ouverture"),
  NonExciseAddition: nonExcise('addition', 'Addition', 'Ajout'),
  NonExciseReduction: nonExcise('reduction', 'Reduction', 'Réduction'),
  NonExciseAdjustment: nonExcise('adjustment', 'Adjustment', 'Ajustement'),
  NonExciseTransfer: nonExcise('transfer', 'Transfer between our vessels', 'Transfert entre nos contenants'),
} as const satisfies Record<string, CategoryInfo>;

export type ExciseCategory = keyof typeof EXCISE_CATEGORIES;
export const EXCISE_CATEGORY_NAMES = Object.keys(EXCISE_CATEGORIES) as ExciseCategory[];

export const isExciseCategory = (v: unknown): v is ExciseCategory =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(EXCISE_CATEGORIES, v);

/** The categories of one alcohol type and kind, in list order (pickers). */
export const categoriesOf = (alcoholType: AlcoholType, kind: CategoryKind): ExciseCategory[] =>
  EXCISE_CATEGORY_NAMES.filter(
    (c) => EXCISE_CATEGORIES[c].alcoholType === alcoholType && EXCISE_CATEGORIES[c].kind === kind,
  );

/** The category of an in-course loss (packaging at bottling, evaporation from a cask): for
 * spirits a loss in prescribed circumstances (relieved, B266), for wine an authorised loss (not
 * dutiable, B265); non-excise alcohol is simply reduced. */
export const LOSS_CATEGORY: Record<AlcoholType, ExciseCategory> = {
  Spirit: 'SpiritsReductionLossesPrescribed',
  Wine: 'WineReductionLossesAuthorised',
  NonExcise: 'NonExciseReduction',
};

/** The category of a given kind for an alcohol type where there is exactly one (initial, adjustment, transfer). */
export function categoryFor(alcoholType: AlcoholType, kind: 'initial' | 'adjustment' | 'transfer'): ExciseCategory {
  return categoriesOf(alcoholType, kind)[0];
}
