// B265, Excise Duty Return, Wine Licensee (EDM10-1-6): bulk wine in litres at one site under its
// wine licence, each line also split by strength band (over 7 %, over 1.2 % to 7 %, 1.2 % or
// less). Duty falls on wine packaged duty paid and on losses other than authorised ones.
import { line, type FormDef } from './forms';

export const B265: FormDef = {
  form: 'B265',
  source: 'excise',
  alcoholType: 'Wine',
  unit: 'L',
  licenceColumn: 'wine_license',
  flagColumn: 'b265',
  label: 'B265 Wine licensee',
  transfers: ['WineTransfer'],
  bands: [
    { key: 'over7', classes: ['a'] },
    { key: 'over1_2To7', classes: ['b'] },
    { key: 'upTo1_2', classes: ['c', 'd'] },
  ],
  lines: [
    line('opening', 'opening', 'Opening inventory', "Stock d'ouverture"),
    line('add.produced', 'addition', 'Produced', 'Produit', ['WineAdditionProduced']),
    line(
      'add.receivedFromWineLicensee',
      'addition',
      'Received from other wine licensees',
      "Reçu d'autres titulaires de licence de vin",
      ['WineAdditionReceivedFromWineLicensee', 'WineAdditionReceivedFromOwnSite'],
    ),
    line('add.receivedFromLicensedUser', 'addition', 'Received from licensed users', "Reçu d'utilisateurs agréés", [
      'WineAdditionReceivedFromLicensedUser',
    ]),
    line('add.imported', 'addition', 'Imported', 'Importé', ['WineAdditionImported']),
    line('add.fortified', 'addition', 'Spirits added (fortification)', 'Spiritueux ajoutés (fortification)', [
      'WineAdditionFortified',
    ]),
    line('add.packagedReturnedToBulk', 'addition', 'Packaged wine returned to bulk', 'Vin emballé remis en vrac', [
      'WineAdditionPackagedReturnedToBulk',
    ]),
    line('add.other', 'addition', 'Other additions', 'Autres ajouts', ['WineAdditionOther', 'WineInitial']),
    line('red.packagedDutyPaid', 'reduction', 'Packaged, duty paid', 'Emballé, droits acquittés', [
      'WineReductionPackagedDutyPaid',
    ]),
    line(
      'red.packagedIntoOwnWarehouse',
      'reduction',
      'Packaged into own excise warehouse',
      "Emballé dans notre entrepôt d'accise",
      ['WineReductionPackagedToOwnWarehouse'],
    ),
    line(
      'red.toWineLicensee',
      'reduction',
      'Delivered to other wine licensees',
      "Livré à d'autres titulaires de licence de vin",
      ['WineReductionDeliveredToWineLicensee', 'WineReductionTransferredToOwnSite'],
    ),
    line('red.toLicensedUser', 'reduction', 'Delivered to licensed users', 'Livré à des utilisateurs agréés', [
      'WineReductionDeliveredToLicensedUser',
    ]),
    line('red.exported', 'reduction', 'Exported', 'Exporté', ['WineReductionExported']),
    line('red.usedForProduction', 'reduction', 'Used in production', 'Utilisé en production', [
      'WineReductionUsedForProduction',
    ]),
    line('red.lossesAuthorised', 'reduction', 'Authorised losses', 'Pertes autorisées', [
      'WineReductionLossesAuthorised',
    ]),
    line('red.lossesOther', 'reduction', 'Other losses', 'Autres pertes', ['WineReductionLossesOther']),
    line('red.destroyed', 'reduction', 'Destroyed', 'Détruit', ['WineReductionDestroyed']),
    line('red.other', 'reduction', 'Other reductions', 'Autres réductions', ['WineReductionOther']),
    line('adjustments', 'adjustment', 'Adjustments (gauging differences)', 'Ajustements (écarts de jaugeage)', [
      'WineAdjustment',
    ]),
    line('closing', 'closing', 'Closing inventory', 'Stock de fermeture'),
  ],
  duty: (['red.packagedDutyPaid', 'red.lossesOther'] as const).flatMap((l) => {
    const what = l === 'red.packagedDutyPaid' ? 'packaged duty paid' : 'other losses';
    const quoi = l === 'red.packagedDutyPaid' ? 'emballé, droits acquittés' : 'autres pertes';
    return [
      {
        key: 'duty.wineOver7',
        label: `Wine over 7 % ABV, ${what}`,
        labelFr: `Vin de plus de 7 %, ${quoi}`,
        line: l,
        classes: ['a'],
        product: 'wineOver7',
        unit: 'L',
      },
      {
        key: 'duty.wineOver1_2To7',
        label: `Wine over 1.2 % to 7 % ABV, ${what}`,
        labelFr: `Vin de plus de 1,2 % à 7 %, ${quoi}`,
        line: l,
        classes: ['b'],
        product: 'wineOver1_2To7',
        unit: 'L',
      },
      {
        key: 'duty.wineUpTo1_2',
        label: `Wine over 0.5 % to 1.2 % ABV, ${what}`,
        labelFr: `Vin de plus de 0,5 % à 1,2 %, ${quoi}`,
        line: l,
        classes: ['c'],
        product: 'wineUpTo1_2',
        unit: 'L',
      },
    ] as const;
  }),
};
