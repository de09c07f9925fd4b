// B262, Excise Duty Return, Excise Warehouse Licensee (EDM10-1-3): packaged alcohol held in bond
// at one site, from the inventory ledger (product rows of status InBond), in LAA. Packaging into
// the warehouse (a bottling) adds; removal to the duty-paid market (moved to duty paid, sold from
// bond) is the duty point; site transfers, unpacking and conversions go either way and count by
// the direction of the row (a reversal counts with the row it reverses).
import { line, type FormDef } from './forms';

export const B262: FormDef = {
  form: 'B262',
  source: 'stock',
  unit: 'LAA',
  licenceColumn: 'warehouse_license',
  flagColumn: 'b262',
  label: 'B262 Excise warehouse licensee',
  transfers: ['TransferredLot'],
  lines: [
    line('opening', 'opening', 'Opening inventory', "Stock d'ouverture"),
    line('add.packaged', 'addition', 'Packaged into the warehouse', "Emballé dans l'entrepôt", ['Produced']),
    line('add.received', 'addition', 'Received in bond', 'Reçu en entrepôt', ['Received', 'TransferredSite'], 1),
    line('add.returned', 'addition', 'Returned by customers', 'Retourné par des clients', ['Returned']),
    line(
      'add.other',
      'addition',
      'Other additions',
      'Autres ajouts',
      ['Initial', 'MovedToInBond', 'Unpacked', 'Converted', 'Consumed'],
      1,
    ),
    line('red.removedDutyPaid', 'reduction', 'Removed to the duty-paid market', 'Sorti vers le marché acquitté', [
      'MovedToDutyPaid',
      'Sold',
    ]),
    line('red.returnedToBulk', 'reduction', 'Returned to bulk', 'Remis en vrac', ['ReturnedToTank']),
    line(
      'red.transferred',
      'reduction',
      'Transferred in bond',
      'Transféré en entrepôt',
      ['TransferredSite', 'DeliveredInBond'],
      -1,
    ),
    line('red.exported', 'reduction', 'Exported', 'Exporté', ['Exported']),
    line('red.losses', 'reduction', 'Losses', 'Pertes', ['Reduced']),
    line(
      'red.other',
      'reduction',
      'Other reductions',
      'Autres réductions',
      ['Unpacked', 'Converted', 'Consumed', 'Initial', 'MovedToInBond', 'Received'],
      -1,
    ),
    line('adjustments', 'adjustment', 'Adjustments (counts)', 'Ajustements (dénombrements)', [
      'Adjusted',
      'Reconciled',
    ]),
    line('closing', 'closing', 'Closing inventory', 'Stock de fermeture'),
  ],
  duty: [
    {
      key: 'duty.spirits',
      label: 'Spirits removed to the duty-paid market',
      labelFr: 'Spiritueux sortis vers le marché acquitté',
      line: 'red.removedDutyPaid',
      classes: ['a', 'b', 'c', 'd'],
      product: 'spirits',
      unit: 'LAA',
    },
  ],
};
