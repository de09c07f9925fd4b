// The print queries of spec 7: process or distillation by id, product or bottling by id plus
// bottlingPreferences, mash bill or mash plus mashingPreferences, formula or blend plus
// blendingPreferences; each one document chosen by its variables (id, the blank-template flag
// such as isFormula, and audit). The audit trail (auditEntries2 on the
// record's id) is asked only when the company allows audit and the user holds it: with
// `audit: false` the field is skipped and the server never checks that permission.

/** The kinds of sheet: a filled record, or the blank worksheet of its recipe. */
export type SheetKind = 'distillation' | 'process' | 'bottling' | 'product' | 'mash' | 'mashBill' | 'blend' | 'formula';

export const SHEET_KINDS: readonly SheetKind[] = [
  'distillation',
  'process',
  'bottling',
  'product',
  'mash',
  'mashBill',
  'blend',
  'formula',
];

const ITEM = 'item { id name trackUnits precision }';
const NAMED = 'id name';
const AUDIT = `auditEntries2(first: 100, filters: $auditFilters, sortKey: "at", reverse: true) @include(if: $audit) {
    edges { node { id at userName event } }
  }`;

const DISTILLATION = `query PrintDistillation($id: ID!, $isProcess: Boolean!, $audit: Boolean!, $auditFilters: [Filter!]) {
  process(id: $id) @include(if: $isProcess) {
    id name description still { ${NAMED} }
    inputs { id ${ITEM} quantity minQuantity maxQuantity }
    outputs { id cut spirit { ${NAMED} } nonExcise { ${NAMED} } }
  }
  distillation(id: $id) @skip(if: $isProcess) {
    id lot date duration completed comments site { ${NAMED} } still { ${NAMED} } process { ${NAMED} }
    inputs { id type ${ITEM} spirit { ${NAMED} } wine { ${NAMED} } nonExcise { ${NAMED} }
      fermenter { ${NAMED} } tank { ${NAMED} } bulkContainer { ${NAMED} } lot quantity strength }
    outputs { id cut spirit { ${NAMED} } nonExcise { ${NAMED} } tank { ${NAMED} } quantity strength }
  }
  ${AUDIT}
}`;

const BOTTLING = `query PrintBottling($id: ID!, $isProduct: Boolean!, $audit: Boolean!, $auditFilters: [Filter!]) {
  product(id: $id) @include(if: $isProduct) {
    id sku name description strength containerSize caseSize
    bom { id name quantity per units precision lotTracking }
  }
  bottling(id: $id) @skip(if: $isProduct) {
    id lot date duration completed comments site { ${NAMED} } product { id name sku containerSize } tank { ${NAMED} }
    strength bottles caseSize dutyPaid reduceInventory
    bom { id ${ITEM} lot quantity }
  }
  bottlingPreferences { bottleDuration bottleProof }
  ${AUDIT}
}`;

const MASH = `query PrintMash($id: ID!, $isMashBill: Boolean!, $audit: Boolean!, $auditFilters: [Filter!]) {
  mashBill(id: $id) @include(if: $isMashBill) {
    id name volume description scalable
    items { id ${ITEM} quantity minQuantity maxQuantity }
  }
  mash(id: $id) @skip(if: $isMashBill) {
    id lot date duration completed comments site { ${NAMED} } mashBill { ${NAMED} } volume osg ph
    items { id ${ITEM} lot quantity }
    fermenters { id fermenter { ${NAMED} } volume }
  }
  mashingPreferences { mashBrix mashpH mashDuration }
  ${AUDIT}
}`;

const BLEND = `query PrintBlend($id: ID!, $isFormula: Boolean!, $audit: Boolean!, $auditFilters: [Filter!]) {
  formula(id: $id) @include(if: $isFormula) {
    id name description outputSpirit { ${NAMED} } outputWine { ${NAMED} } excise scaleBase scaleTo { ${NAMED} }
    blendToVolume blendStrength
    inputs { id type spirit { ${NAMED} } wine { ${NAMED} } nonExcise { ${NAMED} } ${ITEM}
      quantity minQuantity maxQuantity strength }
  }
  blend(id: $id) @skip(if: $isFormula) {
    id lot date duration completed comments site { ${NAMED} } formula { ${NAMED} }
    outputSpirit { ${NAMED} } outputWine { ${NAMED} } tank { ${NAMED} }
    volume litres excise blendToVolume blendStrength
    inputs { id type spirit { ${NAMED} } wine { ${NAMED} } nonExcise { ${NAMED} } ${ITEM}
      tank { ${NAMED} } cask { id number } bulkContainer { ${NAMED} } lot quantity laa strength }
  }
  blendingPreferences { blendDuration }
  ${AUDIT}
}`;

interface QueryDef {
  document: string;
  /** the variable that picks the blank template */
  flag: 'isProcess' | 'isProduct' | 'isMashBill' | 'isFormula';
  /** the answer field holding the record */
  field: SheetKind;
  /** the answer field of the workflow's preferences (spec 7: plus bottlingPreferences…) */
  preferences?: 'bottlingPreferences' | 'mashingPreferences' | 'blendingPreferences';
  blank: boolean;
}

export const PRINT_QUERIES: Record<SheetKind, QueryDef> = {
  distillation: {
    document: DISTILLATION,
    flag: 'isProcess',
    field: 'distillation',
    blank: false,
  },
  process: { document: DISTILLATION, flag: 'isProcess', field: 'process', blank: true },
  bottling: {
    document: BOTTLING,
    flag: 'isProduct',
    field: 'bottling',
    blank: false,
    preferences: 'bottlingPreferences',
  },
  product: {
    document: BOTTLING,
    flag: 'isProduct',
    field: 'product',
    blank: true,
    preferences: 'bottlingPreferences',
  },
  mash: {
    document: MASH,
    flag: 'isMashBill',
    field: 'mash',
    blank: false,
    preferences: 'mashingPreferences',
  },
  mashBill: {
    document: MASH,
    flag: 'isMashBill',
    field: 'mashBill',
    blank: true,
    preferences: 'mashingPreferences',
  },
  blend: {
    document: BLEND,
    flag: 'isFormula',
    field: 'blend',
    blank: false,
    preferences: 'blendingPreferences',
  },
  formula: {
    document: BLEND,
    flag: 'isFormula',
    field: 'formula',
    blank: true,
    preferences: 'blendingPreferences',
  },
};

/** The query and variables of one sheet: `{ id, isFormula, audit }` and the audit filter. */
export function printQuery(kind: SheetKind, id: string, audit: boolean) {
  const def = PRINT_QUERIES[kind];
  return {
    document: def.document,
    variables: {
      id,
      [def.flag]: def.blank,
      audit,
      auditFilters: audit
        ? [
            { field: 'entityId', comparator: 'eq', value: id },
            { field: 'entity', comparator: 'eq', value: kind },
          ]
        : null,
    },
  };
}
