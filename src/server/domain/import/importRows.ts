// The CSV import mutation (spec 7: a list of rows of strings in, a status per row out, empty on
// success). The wizard maps the file's columns to the entity's import fields and sends the rows
// in batches; each batch is one transaction in which every valid row is written through the
// records layer's create (its validator, reference checks, hooks and audit: there is no second
// insert path) inside its own savepoint, so a refused row leaves nothing behind and the others
// still commit. Rows are imported as history (DomainContext.history): past records whose
// movements the ledgers already hold are saved, not posted again.
import type { EntityMeta, FieldMeta } from '../../../shared/meta';
import { messages } from '../../../shared/messages';
import { hasAny } from '../../../shared/permissions';
import { AppError, featureOff, forbidden, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { createRecord } from '../records/write';
import { invalidateCounts } from '../records/countCache';
import { timeZoneOf } from '../company/timeZone';
import { DEFAULT_DATE_FORMAT, parseDateFormat, readDate, readDateTime } from './dates';
import { readCell, type DateReader } from './cells';
import { refFields, resolveReferences, type Resolved } from './references';

/** Rows one call may carry: a batch the wizard sends, small enough for one short transaction. */
export const MAX_IMPORT_ROWS = 500;
/** Longest cell: longer than any field's maxLength, so the field's own rule answers. */
export const MAX_CELL_LENGTH = 5_000;

export interface ImportArgs {
  /** the import field each column of the rows fills, in order */
  fields: string[];
  rows: (string | null)[][];
  dateFormat?: string | null;
}

/** 'Name: Required; E-mail: Invalid e-mail' from a validation error's fields. */
function statusOf(entity: EntityMeta, error: AppError): string {
  const fields = error.info.fields as Record<string, string> | undefined;
  if (!fields) return error.message;
  return Object.entries(fields)
    .map(([path, message]) => {
      const field = entity.fields.find((f) => f.name === path.split('.')[0]);
      return `${field?.label.en ?? path}: ${message}`;
    })
    .join('; ');
}

function checkArgs(ctx: DomainContext, entity: EntityMeta, args: ImportArgs) {
  const csv = entity.csv;
  if (!csv) throw new AppError('NOT_FOUND', `${entity.label.enPlural} cannot be imported`);
  // the SDL's @auth names the same permission; this keeps the rule beside the code that writes
  if (!hasAny(ctx.actor.permissions, entity.permissions.write))
    throw forbidden(`import ${entity.label.enPlural.toLowerCase()}`);
  if (entity.feature && !ctx.actor.features[entity.feature]) throw featureOff(entity.feature);
  const problems: Record<string, string> = {};
  args.fields.forEach((name, i) => {
    if (!csv.import.includes(name)) problems[`fields.${i}`] = `Not an import field: ${name}`;
    else if (args.fields.indexOf(name) !== i) problems[`fields.${i}`] = `Mapped twice: ${name}`;
  });
  for (const name of csv.mandatory) if (!args.fields.includes(name)) problems[name] = messages.required;
  if (args.rows.length > MAX_IMPORT_ROWS) problems.rows = messages.tooManyItems(MAX_IMPORT_ROWS);
  const format = parseDateFormat(args.dateFormat || DEFAULT_DATE_FORMAT);
  if (!format) problems.dateFormat = messages.invalidFormat;
  if (Object.keys(problems).length) throw validationError(problems);
  return format!;
}

type Prepared = { input: Record<string, unknown> } | { status: string };

/** A row's cells as a create input, or the status saying why it cannot be one. */
function prepareRow(
  entity: EntityMeta,
  fields: FieldMeta[],
  row: (string | null)[],
  refs: Map<string, Map<string, Resolved>>,
  dates: DateReader,
): Prepared {
  if (row.length !== fields.length) return { status: `Expected ${fields.length} values, found ${row.length}` };
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  fields.forEach((field, i) => {
    const raw = row[i] ?? '';
    const label = field.label.en;
    if (raw.length > MAX_CELL_LENGTH) return problems.push(`${label}: ${messages.maxLength(MAX_CELL_LENGTH)}`);
    if (field.type === 'ref') {
      if (!raw.trim()) return;
      const found = refs.get(field.name)!.get(raw.trim().toLowerCase())!;
      if ('error' in found) return problems.push(`${label}: ${found.error}`);
      input[field.name] = found.id;
      return;
    }
    const cell = readCell(field, raw, dates);
    if ('error' in cell) problems.push(`${label}: ${cell.error}`);
    else if (cell.value !== undefined) input[field.name] = cell.value;
  });
  // a mandatory field left empty: the same word the form says, even where the column has a default
  for (const name of entity.csv!.mandatory) {
    const field = fields.find((f) => f.name === name)!;
    if (input[name] === undefined && !problems.some((p) => p.startsWith(`${field.label.en}:`)))
      problems.push(`${field.label.en}: ${messages.required}`);
  }
  return problems.length ? { status: problems.join('; ') } : { input };
}

export async function importRows(ctx: DomainContext, entity: EntityMeta, args: ImportArgs): Promise<string[]> {
  const format = checkArgs(ctx, entity, args);
  const fields = args.fields.map((name) => entity.fields.find((f) => f.name === name)!);
  const zone = await timeZoneOf(ctx);
  const dates: DateReader = {
    format: args.dateFormat || DEFAULT_DATE_FORMAT,
    date: (cell) => readDate(cell, format),
    dateTime: (cell) => readDateTime(cell, format, zone),
  };
  const statuses = await ctx.db.transaction(async (tx) => {
    const refs = new Map<string, Map<string, Resolved>>();
    for (const field of refFields(entity, args.fields)) {
      const column = args.fields.indexOf(field.name);
      refs.set(
        field.name,
        await resolveReferences(
          tx,
          ctx.actor,
          field,
          args.rows.map((r) => r[column] ?? ''),
        ),
      );
    }
    const rowCtx: DomainContext = { ...ctx, db: tx, history: true };
    const out: string[] = [];
    for (const row of args.rows) {
      const prepared = prepareRow(entity, fields, row, refs, dates);
      if ('status' in prepared) {
        out.push(prepared.status);
        continue;
      }
      try {
        // createRecord's own transaction is a savepoint here: a refused row is rolled back alone
        await createRecord(rowCtx, entity, prepared.input);
        out.push('');
      } catch (error) {
        // anything but a rule's refusal is a fault: the whole batch rolls back and the call fails
        if (!(error instanceof AppError)) throw error;
        out.push(statusOf(entity, error));
      }
    }
    return out;
  });
  invalidateCounts(ctx.actor.companyId, entity.name);
  return statuses;
}
