// B266, Excise Duty Return, Spirits Licensee (EDM10-1-7): bulk spirits in LAA at one site under
// its spirits licence. Line keys are the API's contract (issue 14); the order is the webform's
// (B-RD-B266-INP then -DUT then -RFD). Rows of transfers between the site's own vessels net to
// zero and are not lines; own-site transfers count as deliveries to and receipts from another
// spirits licensee (each site files under its own licence).
import { line, type FormDef } from './forms';

export const B266: FormDef = {
  form: 'B266',
  source: 'excise',
  alcoholType: 'Spirit',
  unit: 'LAA',
  licenceColumn: 'spirits_license',
  flagColumn: 'b266',
  label: 'B266 Spirits licensee',
  transfers: ['SpiritsTransfer'],
  lines: [
    line('opening', 'opening', 'Opening inventory', "Stock d'ouverture"),
    line('add.produced', 'addition', 'Produced', 'Produit', ['SpiritsAdditionProduced']),
    line(
      'add.receivedFromSpiritsLicensee',
      'addition',
      'Received from other spirits licensees',
      "Reçu d'autres titulaires de licence de spiritueux",
      ['SpiritsAdditionReceivedFromSpiritsLicensee', 'SpiritsAdditionReceivedFromOwnSite'],
    ),
    line('add.receivedFromLicensedUser', 'addition', 'Received from licensed users', "Reçu d'utilisateurs agréés", [
      'SpiritsAdditionReceivedFromLicensedUser',
    ]),
    line('add.imported', 'addition', 'Imported', 'Importé', ['SpiritsAdditionImported']),
    line(
      'add.packagedReturnedToBulk',
      'addition',
      'Packaged spirits returned to bulk',
      'Spiritueux emballés remis en vrac',
      ['SpiritsAdditionPackagedReturnedToBulk'],
    ),
    line('add.other', 'addition', 'Other additions', 'Autres ajouts', ['SpiritsAdditionOther', 'SpiritsInitial']),
    line('red.packagedDutyPaid', 'reduction', 'Packaged, duty paid', 'Emballé, droits acquittés', [
      'SpiritsReductionPackagedDutyPaid',
    ]),
    line(
      'red.packagedIntoOwnWarehouse',
      'reduction',
      'Packaged into own excise warehouse',
      "Emballé dans notre entrepôt d'accise",
      ['SpiritsReductionPackagedToOwnWarehouse'],
    ),
    line(
      'red.toSpiritsLicensee',
      'reduction',
      'Delivered to other spirits licensees',
      "Livré à d'autres titulaires de licence de spiritueux",
      ['SpiritsReductionDeliveredToSpiritsLicensee', 'SpiritsReductionTransferredToOwnSite'],
    ),
    line('red.toLicensedUser', 'reduction', 'Delivered to licensed users', 'Livré à des utilisateurs agréés', [
      'SpiritsReductionDeliveredToLicensedUser',
    ]),
    line('red.exported', 'reduction', 'Exported', 'Exporté', ['SpiritsReductionExported']),
    line('red.denatured', 'reduction', 'Denatured', 'Dénaturé', ['SpiritsReductionDenatured']),
    line(
      'red.lossesPrescribed',
      'reduction',
      'Losses in prescribed circumstances',
      'Pertes dans des circonstances prévues',
      ['SpiritsReductionLossesPrescribed'],
    ),
    line('red.lossesOther', 'reduction', 'Other losses (dutiable)', 'Autres pertes (passibles de droits)', [
      'SpiritsReductionLossesDutiable',
    ]),
    line('red.destroyed', 'reduction', 'Destroyed', 'Détruit', ['SpiritsReductionDestroyed']),
    line('red.other', 'reduction', 'Other reductions', 'Autres réductions', [
      'SpiritsReductionOther',
      'SpiritsReductionDeliveredToWineLicensee',
      'SpiritsReductionUsedToFortifyWine',
      'SpiritsReductionBulkSpiritsReturnedToSpiritProduction',
    ]),
    line('adjustments', 'adjustment', 'Adjustments (gauging differences)', 'Ajustements (écarts de jaugeage)', [
      'SpiritsAdjustment',
    ]),
    line('closing', 'closing', 'Closing inventory', 'Stock de fermeture'),
  ],
  duty: [
    {
      key: 'duty.spirits',
      label: 'Spirits over 7 % ABV packaged duty paid',
      labelFr: 'Spiritueux de plus de 7 % emballés, droits acquittés',
      line: 'red.packagedDutyPaid',
      classes: ['a'],
      product: 'spirits',
      unit: 'LAA',
    },
    {
      key: 'duty.lowStrengthSpirits',
      label: 'Spirits 7 % ABV or less packaged duty paid',
      labelFr: 'Spiritueux de 7 % ou moins emballés, droits acquittés',
      line: 'red.packagedDutyPaid',
      classes: ['b', 'c'],
      product: 'lowStrengthSpirits',
      unit: 'L',
    },
    {
      key: 'duty.specialImported',
      label: 'Imported spirits delivered to licensed users (special duty)',
      labelFr: 'Spiritueux importés livrés à des utilisateurs agréés (droit spécial)',
      line: 'red.toLicensedUser',
      classes: ['a', 'b', 'c'],
      product: 'specialImported',
      unit: 'LAA',
      importedOnly: true,
    },
    {
      key: 'duty.lossesOther',
      label: 'Other losses (dutiable), over 7 % ABV',
      labelFr: 'Autres pertes (passibles de droits), plus de 7 %',
      line: 'red.lossesOther',
      classes: ['a'],
      product: 'spirits',
      unit: 'LAA',
    },
    {
      key: 'duty.lossesOther',
      label: 'Other losses (dutiable), 7 % ABV or less',
      labelFr: 'Autres pertes (passibles de droits), 7 % ou moins',
      line: 'red.lossesOther',
      classes: ['b', 'c'],
      product: 'lowStrengthSpirits',
      unit: 'L',
    },
  ],
};
