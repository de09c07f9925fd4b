// What each print sheet shows (spec 2.5, 3, 9), as plain text ready to lay out: the header
// fields, the tables of lines and the audit trail. Pure: the answer of the print query in, the
// sheet out; the component (PrintSheet.tsx) only lays it out.
//
// Number display (spec 9): thousands separated by commas; volumes 3 decimals, strength 2, mash
// volume 0, starting SG 3, pH 1. Print quantities: 3 decimals for spirit, wine and non-excise,
// the item's own precision otherwise; non-excise outputs in litres, others in LAA; volume units
// LAA for spirits, litres otherwise.
import type { Translate } from './messages';
import { showDay, showInstant } from '../../widgets/dateDisplay';
import type { SheetKind } from './queries';

// ---------------------------------------------------------------- answers of the print query

interface Named {
  id: string;
  name: string;
}
interface ItemRef extends Named {
  trackUnits?: string | null;
  precision?: number | null;
}
type Maybe<T> = T | null | undefined;
type Line = Record<string, unknown> & { id?: string };
export type PrintRecord = Record<string, unknown> & { id: string };

export interface AuditRow {
  id: string;
  at: string;
  userName?: string | null;
  event: string;
}

// ---------------------------------------------------------------- the sheet

export interface SheetField {
  label: string;
  /** '' on a blank worksheet: a line to write on */
  value: string;
}

export interface SheetColumn {
  label: string;
  numeric?: boolean;
}

export interface SheetTable {
  id: string;
  caption: string;
  columns: SheetColumn[];
  rows: string[][];
  /** empty rows to write on (blank worksheets, fermenters to fill) */
  blankRows?: number;
}

export interface Sheet {
  kind: SheetKind;
  title: string;
  /** what the sheet is about: the lot of a record, the name of a recipe */
  subject: string;
  /** a record not completed: the INCOMPLETE watermark */
  incomplete: boolean;
  fields: SheetField[];
  tables: SheetTable[];
  comments: string | null;
  /** null when the audit trail is not allowed (company allowAudit and the user's audit) */
  audit: SheetTable | null;
}

export interface SheetOptions {
  translate: Translate;
  /** the company has sites: the site field and column show */
  showSite: boolean;
  /** the audit entries when the audit trail is allowed, else null */
  audit: AuditRow[] | null;
  /** the workflow's preferences (bottlingPreferences, mashingPreferences, blendingPreferences):
   * the defaults a blank worksheet starts with */
  preferences?: Record<string, unknown> | null;
}

// ---------------------------------------------------------------- number and date display
// (the rules of widgets/numberRules and widgets/dateRules, restated here so the print chunk
// imports nothing the first page load has)

const roundTo = (value: number, decimals: number): number => {
  const sign = value < 0 ? -1 : 1;
  return sign * Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`) || 0;
};

/** 1234.5 -> '1,234.50' (en-CA, thousands commas, fixed decimals). */
export const formatNumber = (value: number, decimals: number): string =>
  new Intl.NumberFormat('en-CA', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: true,
  }).format(roundTo(value, decimals));

/** A day ('2026-11-21') in the company's date format; an instant as day and time in the
 * company's formats and zone ('2026-11-21 3:05 pm' before a company is known): the app's one
 * date helper (widgets/dateDisplay.ts), so a sheet prints what the screen shows. */
export function formatDateTime(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? showDay(iso) : showInstant(iso);
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** '1,234.568' with `decimals` decimals; '' when there is no number. */
export const num = (value: unknown, decimals: number): string => (isNumber(value) ? formatNumber(value, decimals) : '');

export const formatVolume = (v: unknown) => num(v, 3);
export const formatStrength = (v: unknown) => num(v, 2);
export const formatMashVolume = (v: unknown) => num(v, 0);
export const formatGravity = (v: unknown) => num(v, 3);
export const formatPh = (v: unknown) => num(v, 1);
export const formatCount = (v: unknown) => num(v, 0);
export const formatBrix = (v: unknown) => num(v, 1);

const ALCOHOL_TYPES = new Set(['Spirit', 'Wine', 'NonExcise']);
/** the precision of an item when it has none (the item's default, schema/inventory/item.json) */
const ITEM_DEFAULT_PRECISION = 2;

/** Decimals of a printed quantity: 3 for spirit, wine and non-excise; the item's own otherwise. */
export function quantityDecimals(type: string | null | undefined, item?: Maybe<Pick<ItemRef, 'precision'>>): number {
  if (type && ALCOHOL_TYPES.has(type)) return 3;
  return isNumber(item?.precision) ? item.precision : ITEM_DEFAULT_PRECISION;
}

export const formatQuantity = (value: unknown, type: string | null | undefined, item?: Maybe<ItemRef>): string =>
  num(value, quantityDecimals(type, item));

// ---------------------------------------------------------------- helpers

const nameOf = (v: unknown): string => ((v as Maybe<Named>)?.name ? String((v as Named).name) : '');
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const linesOf = (v: unknown): Line[] => (Array.isArray(v) ? (v as Line[]) : []);

function builder(kind: SheetKind, options: SheetOptions) {
  const t = options.translate;
  const p = (key: string, o?: Record<string, unknown>) => t(`print:${key}`, o);
  const field = (plural: string, name: string) => t(`resources.${plural}.fields.${name}`);
  const enumLabel = (plural: string, path: string, value: unknown) =>
    value ? t(`resources.${plural}.values.${path}.${String(value)}`, { _: String(value) }) : '';
  const yesNo = (v: unknown) => (v === true ? p('yes') : v === false ? p('no') : '');
  const date = (v: unknown) => (typeof v === 'string' && v ? formatDateTime(v) : '');
  const units = {
    laa: p('units.laa'),
    litres: p('units.litres'),
    percent: p('units.percent'),
  };
  /** LAA for spirits, litres for wine and non-excise, the item's units for items */
  const unitsOf = (type: string, item?: Maybe<ItemRef>) =>
    type === 'Spirit' ? units.laa : type === 'Item' ? text(item?.trackUnits) : units.litres;

  const auditTable = (): SheetTable | null =>
    options.audit
      ? {
          id: 'audit',
          caption: p('section.audit'),
          columns: [{ label: p('column.time') }, { label: p('column.user') }, { label: p('column.event') }],
          rows: options.audit.map((a) => [
            date(a.at),
            text(a.userName),
            t(`print:events.${a.event}`, { _: a.event }) || a.event,
          ]),
        }
      : null;

  /** date, lot, duration, site (when the company has sites): filled from a record, or blank
   * but for the usual duration of the workflow's preferences */
  const common = (plural: string, record: PrintRecord | null, usualDuration?: unknown): SheetField[] => [
    { label: field(plural, 'date'), value: record ? date(record.date) : '' },
    { label: field(plural, 'lot'), value: record ? text(record.lot) : '' },
    { label: field(plural, 'duration'), value: formatCount(record ? record.duration : usualDuration) },
    ...(options.showSite ? [{ label: field(plural, 'site'), value: record ? nameOf(record.site) : '' }] : []),
  ];

  const sheet = (subject: string, record: PrintRecord, fields: SheetField[], tables: SheetTable[]): Sheet => ({
    kind,
    title: p(`title.${kind}`),
    subject,
    incomplete: 'completed' in record ? record.completed !== true : false,
    fields,
    tables,
    comments: typeof record.comments === 'string' && record.comments.trim() ? record.comments : null,
    audit: auditTable(),
  });

  return { t, p, field, enumLabel, yesNo, units, unitsOf, common, sheet };
}

// ---------------------------------------------------------------- distillation, process

/** The thing a production line names: its item, spirit, wine or non-excise alcohol. */
const lineName = (l: Line) => nameOf(l.item) || nameOf(l.spirit) || nameOf(l.wine) || nameOf(l.nonExcise);

function distillationSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('distillation', o);
  const P = 'distillations';
  return b.sheet(
    text(r.lot),
    r,
    [
      ...b.common(P, r),
      { label: b.field(P, 'still'), value: nameOf(r.still) },
      { label: b.field(P, 'process'), value: nameOf(r.process) },
      { label: b.field(P, 'completed'), value: b.yesNo(r.completed) },
    ],
    [
      {
        id: 'inputs',
        caption: b.p('section.charge'),
        columns: [
          { label: b.p('column.type') },
          { label: b.p('column.name') },
          { label: b.p('column.lot') },
          { label: b.p('column.from') },
          { label: b.p('column.quantity'), numeric: true },
          { label: b.p('column.units') },
          { label: b.p('column.strength'), numeric: true },
        ],
        rows: linesOf(r.inputs).map((l) => {
          const type = text(l.type);
          return [
            b.enumLabel(P, 'inputs.type', type),
            lineName(l),
            text(l.lot),
            nameOf(l.fermenter) || nameOf(l.tank) || nameOf(l.bulkContainer),
            formatQuantity(l.quantity, type, l.item as Maybe<ItemRef>),
            b.unitsOf(type, l.item as Maybe<ItemRef>),
            formatStrength(l.strength),
          ];
        }),
      },
      {
        id: 'outputs',
        caption: b.p('section.cuts'),
        columns: [
          { label: b.p('column.cut') },
          { label: b.p('column.name') },
          { label: b.p('column.into') },
          { label: b.p('column.quantity'), numeric: true },
          { label: b.p('column.units') },
          { label: b.p('column.strength'), numeric: true },
        ],
        rows: linesOf(r.outputs).map((l) => [
          b.enumLabel(P, 'outputs.cut', l.cut),
          nameOf(l.spirit) || nameOf(l.nonExcise),
          nameOf(l.tank),
          formatVolume(l.quantity),
          l.nonExcise && !l.spirit ? b.units.litres : b.units.laa,
          formatStrength(l.strength),
        ]),
      },
    ],
  );
}

function processSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('process', o);
  const P = 'processes';
  return b.sheet(
    text(r.name),
    r,
    [
      { label: b.field(P, 'name'), value: text(r.name) },
      { label: b.field(P, 'description'), value: text(r.description) },
      ...b.common('distillations', null),
      { label: b.field('distillations', 'still'), value: nameOf(r.still) },
    ],
    [
      {
        id: 'inputs',
        caption: b.p('section.charge'),
        columns: [
          { label: b.p('column.name') },
          { label: b.p('column.planned'), numeric: true },
          { label: b.p('column.minimum'), numeric: true },
          { label: b.p('column.maximum'), numeric: true },
          { label: b.p('column.units') },
          { label: b.p('column.lot') },
          { label: b.p('column.actual'), numeric: true },
        ],
        rows: linesOf(r.inputs).map((l) => {
          const item = l.item as Maybe<ItemRef>;
          return [
            nameOf(item),
            formatQuantity(l.quantity, 'Item', item),
            formatQuantity(l.minQuantity, 'Item', item),
            formatQuantity(l.maxQuantity, 'Item', item),
            text(item?.trackUnits),
            '',
            '',
          ];
        }),
      },
      {
        id: 'outputs',
        caption: b.p('section.cuts'),
        columns: [
          { label: b.p('column.cut') },
          { label: b.p('column.name') },
          { label: b.p('column.into') },
          { label: b.p('column.quantity'), numeric: true },
          { label: b.p('column.units') },
          { label: b.p('column.strength'), numeric: true },
        ],
        rows: linesOf(r.outputs).map((l) => [
          b.enumLabel(P, 'outputs.cut', l.cut),
          nameOf(l.spirit) || nameOf(l.nonExcise),
          '',
          '',
          l.nonExcise && !l.spirit ? b.units.litres : b.units.laa,
          '',
        ]),
      },
    ],
  );
}

// ---------------------------------------------------------------- bottling, product

function bottlingSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('bottling', o);
  const P = 'bottlings';
  const bottles = isNumber(r.bottles) ? r.bottles : null;
  const caseSize = isNumber(r.caseSize) && r.caseSize > 0 ? r.caseSize : null;
  const cases = bottles !== null && caseSize !== null ? Math.floor(bottles / caseSize) : null;
  return b.sheet(
    text(r.lot),
    r,
    [
      { label: b.field(P, 'product'), value: nameOf(r.product) },
      ...b.common(P, r),
      { label: b.field(P, 'tank'), value: nameOf(r.tank) },
      { label: b.field(P, 'strength'), value: formatStrength(r.strength) },
      { label: b.field(P, 'bottles'), value: formatCount(bottles) },
      { label: b.field(P, 'caseSize'), value: formatCount(caseSize) },
      { label: b.p('field.cases'), value: formatCount(cases) },
      { label: b.field(P, 'dutyPaid'), value: b.yesNo(r.dutyPaid) },
      { label: b.field(P, 'reduceInventory'), value: b.yesNo(r.reduceInventory) },
      { label: b.field(P, 'completed'), value: b.yesNo(r.completed) },
    ],
    [
      {
        id: 'bom',
        caption: b.p('section.materials'),
        columns: [
          { label: b.p('column.name') },
          { label: b.p('column.lot') },
          { label: b.p('column.quantity'), numeric: true },
          { label: b.p('column.units') },
        ],
        rows: linesOf(r.bom).map((l) => {
          const item = l.item as Maybe<ItemRef>;
          return [nameOf(item), text(l.lot), formatQuantity(l.quantity, 'Item', item), text(item?.trackUnits)];
        }),
      },
    ],
  );
}

function productSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('product', o);
  const P = 'bottlings';
  const prefs = o.preferences ?? {};
  return b.sheet(
    text(r.name),
    r,
    [
      { label: b.field(P, 'product'), value: text(r.name) },
      { label: b.field('products', 'sku'), value: text(r.sku) },
      { label: b.p('field.container_size'), value: formatVolume(r.containerSize) },
      { label: b.field(P, 'caseSize'), value: formatCount(r.caseSize) },
      ...b.common(P, null, prefs.bottleDuration),
      { label: b.field(P, 'tank'), value: '' },
      { label: b.field(P, 'strength'), value: formatStrength(r.strength ?? prefs.bottleProof) },
      { label: b.field(P, 'bottles'), value: '' },
      { label: b.p('field.cases'), value: '' },
    ],
    [
      {
        id: 'bom',
        caption: b.p('section.materials'),
        columns: [
          { label: b.p('column.name') },
          { label: b.p('column.quantity'), numeric: true },
          { label: b.p('column.per') },
          { label: b.p('column.units') },
          { label: b.p('column.lot') },
          { label: b.p('column.actual'), numeric: true },
        ],
        rows: linesOf(r.bom).map((l) => [
          text(l.name),
          num(l.quantity, isNumber(l.precision) ? l.precision : 0),
          b.enumLabel('products', 'bom.per', l.per),
          text(l.units),
          '',
          '',
        ]),
      },
    ],
  );
}

// ---------------------------------------------------------------- mash, mash bill

function mashSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('mash', o);
  const P = 'mashes';
  return b.sheet(
    text(r.lot),
    r,
    [
      { label: b.field(P, 'mashBill'), value: nameOf(r.mashBill) },
      ...b.common(P, r),
      { label: b.field(P, 'volume'), value: formatMashVolume(r.volume) },
      { label: b.field(P, 'osg'), value: formatGravity(r.osg) },
      { label: b.field(P, 'ph'), value: formatPh(r.ph) },
      { label: b.field(P, 'completed'), value: b.yesNo(r.completed) },
    ],
    [
      {
        id: 'items',
        caption: b.p('section.ingredients'),
        columns: [
          { label: b.p('column.name') },
          { label: b.p('column.lot') },
          { label: b.p('column.quantity'), numeric: true },
          { label: b.p('column.units') },
        ],
        rows: linesOf(r.items).map((l) => {
          const item = l.item as Maybe<ItemRef>;
          return [nameOf(item), text(l.lot), formatQuantity(l.quantity, 'Item', item), text(item?.trackUnits)];
        }),
      },
      {
        id: 'fermenters',
        caption: b.p('section.fermenters'),
        columns: [{ label: b.p('column.fermenter') }, { label: b.p('column.volume'), numeric: true }],
        rows: linesOf(r.fermenters).map((l) => [nameOf(l.fermenter), formatMashVolume(l.volume)]),
      },
    ],
  );
}

function mashBillSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('mashBill', o);
  const P = 'mashes';
  const prefs = o.preferences ?? {};
  return b.sheet(
    text(r.name),
    r,
    [
      { label: b.field(P, 'mashBill'), value: text(r.name) },
      { label: b.field('mashBills', 'description'), value: text(r.description) },
      ...b.common(P, null, prefs.mashDuration),
      { label: b.field(P, 'volume'), value: formatMashVolume(r.volume) },
      { label: b.p('field.target_brix'), value: formatBrix(prefs.mashBrix) },
      { label: b.p('field.target_ph'), value: formatPh(prefs.mashpH) },
      { label: b.field(P, 'osg'), value: '' },
      { label: b.field(P, 'ph'), value: '' },
    ],
    [
      {
        id: 'items',
        caption: b.p('section.ingredients'),
        columns: [
          { label: b.p('column.name') },
          { label: b.p('column.planned'), numeric: true },
          { label: b.p('column.minimum'), numeric: true },
          { label: b.p('column.maximum'), numeric: true },
          { label: b.p('column.units') },
          { label: b.p('column.lot') },
          { label: b.p('column.actual'), numeric: true },
        ],
        rows: linesOf(r.items).map((l) => {
          const item = l.item as Maybe<ItemRef>;
          return [
            nameOf(item),
            formatQuantity(l.quantity, 'Item', item),
            formatQuantity(l.minQuantity, 'Item', item),
            formatQuantity(l.maxQuantity, 'Item', item),
            text(item?.trackUnits),
            '',
            '',
          ];
        }),
      },
      {
        id: 'fermenters',
        caption: b.p('section.fermenters'),
        columns: [{ label: b.p('column.fermenter') }, { label: b.p('column.volume'), numeric: true }],
        rows: [],
        blankRows: 3,
      },
    ],
  );
}

// ---------------------------------------------------------------- blend, formula

function blendSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('blend', o);
  const P = 'blends';
  const wine = !r.outputSpirit && !!r.outputWine;
  const volumeUnits = r.outputSpirit ? b.units.laa : b.units.litres;
  return b.sheet(
    text(r.lot),
    r,
    [
      { label: b.field(P, 'formula'), value: nameOf(r.formula) },
      ...b.common(P, r),
      { label: b.p('field.output'), value: nameOf(wine ? r.outputWine : r.outputSpirit) },
      { label: b.field(P, 'tank'), value: nameOf(r.tank) },
      { label: b.field(P, 'volume'), value: r.volume === null ? '' : `${formatVolume(r.volume)} ${volumeUnits}` },
      { label: b.field(P, 'litres'), value: formatVolume(r.litres) },
      { label: b.field(P, 'blendToVolume'), value: formatVolume(r.blendToVolume) },
      { label: b.field(P, 'blendStrength'), value: formatStrength(r.blendStrength) },
      { label: b.field(P, 'excise'), value: b.yesNo(r.excise) },
      { label: b.field(P, 'completed'), value: b.yesNo(r.completed) },
    ],
    [
      {
        id: 'inputs',
        caption: b.p('section.inputs'),
        columns: [
          { label: b.p('column.type') },
          { label: b.p('column.name') },
          { label: b.p('column.lot') },
          { label: b.p('column.from') },
          { label: b.p('column.quantity'), numeric: true },
          { label: b.p('column.units') },
          { label: b.p('column.laa'), numeric: true },
          { label: b.p('column.strength'), numeric: true },
        ],
        rows: linesOf(r.inputs).map((l) => {
          const type = text(l.type);
          const item = l.item as Maybe<ItemRef>;
          return [
            b.enumLabel(P, 'inputs.type', type),
            lineName(l),
            text(l.lot),
            nameOf(l.tank) || text((l.cask as Maybe<{ number?: string }>)?.number) || nameOf(l.bulkContainer),
            formatQuantity(l.quantity, type, item),
            type === 'Item' ? text(item?.trackUnits) : b.units.litres,
            formatVolume(l.laa),
            formatStrength(l.strength),
          ];
        }),
      },
    ],
  );
}

function formulaSheet(r: PrintRecord, o: SheetOptions): Sheet {
  const b = builder('formula', o);
  const prefs = o.preferences ?? {};
  const P = 'formulas';
  const percentOf = (type: string) => type === 'Spirit' || type === 'Wine';
  return b.sheet(
    text(r.name),
    r,
    [
      { label: b.field(P, 'name'), value: text(r.name) },
      { label: b.field(P, 'description'), value: text(r.description) },
      { label: b.p('field.output'), value: nameOf(r.outputSpirit) || nameOf(r.outputWine) },
      { label: b.field(P, 'excise'), value: b.yesNo(r.excise) },
      { label: b.field(P, 'scaleBase'), value: formatVolume(r.scaleBase) },
      { label: b.field(P, 'scaleTo'), value: nameOf(r.scaleTo) },
      { label: b.field(P, 'blendToVolume'), value: formatVolume(r.blendToVolume) },
      { label: b.field(P, 'blendStrength'), value: formatStrength(r.blendStrength) },
      ...b.common('blends', null, prefs.blendDuration),
      { label: b.field('blends', 'tank'), value: '' },
    ],
    [
      {
        id: 'inputs',
        caption: b.p('section.inputs'),
        columns: [
          { label: b.p('column.type') },
          { label: b.p('column.name') },
          { label: b.p('column.planned'), numeric: true },
          { label: b.p('column.minimum'), numeric: true },
          { label: b.p('column.maximum'), numeric: true },
          { label: b.p('column.units') },
          { label: b.p('column.strength'), numeric: true },
          { label: b.p('column.lot') },
          { label: b.p('column.from') },
          { label: b.p('column.actual'), numeric: true },
        ],
        rows: linesOf(r.inputs).map((l) => {
          const type = text(l.type);
          const item = l.item as Maybe<ItemRef>;
          return [
            b.enumLabel(P, 'inputs.type', type),
            lineName(l),
            formatQuantity(l.quantity, type, item),
            formatQuantity(l.minQuantity, type, item),
            formatQuantity(l.maxQuantity, type, item),
            percentOf(type) ? b.units.percent : type === 'Item' ? text(item?.trackUnits) : b.units.litres,
            formatStrength(l.strength),
            '',
            '',
            '',
          ];
        }),
      },
    ],
  );
}

const BUILDERS: Record<SheetKind, (r: PrintRecord, o: SheetOptions) => Sheet> = {
  distillation: distillationSheet,
  process: processSheet,
  bottling: bottlingSheet,
  product: productSheet,
  mash: mashSheet,
  mashBill: mashBillSheet,
  blend: blendSheet,
  formula: formulaSheet,
};

/** The sheet of a record (or the blank worksheet of a recipe). */
export function buildSheet(kind: SheetKind, record: PrintRecord, options: SheetOptions): Sheet {
  return BUILDERS[kind](record, options);
}
