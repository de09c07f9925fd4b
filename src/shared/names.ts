// Every name derived from an entity name, in one place: the generator, the server and the
// client all call these, so `customer` becomes `customers2`, `customerCreate`, `customers`
// (table) and `Customer` (type) the same way everywhere.

export const snake = (camel: string): string =>
  camel
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

export const pascal = (camel: string): string => camel.charAt(0).toUpperCase() + camel.slice(1);

/** "shipmentZone" -> "Shipment zone": the English label when the schema gives none. */
export const humanize = (camel: string): string => {
  const words = snake(camel).split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const tableName = (plural: string): string => snake(plural);
export const columnName = (field: string, isRef = false): string => snake(field) + (isRef ? '_id' : '');
export const linesTableName = (entityTable: string, field: string): string => `${entityTable}_${snake(field)}`;

export const operationNames = (name: string, plural: string) => ({
  connection: `${plural}2`,
  get: name,
  create: `${name}Create`,
  update: `${name}Update`,
  export: `${plural}Export`,
  import: `${plural}Import`,
});

export const typeNames = (name: string) => ({
  type: pascal(name),
  input: `${pascal(name)}Input`,
  connection: `${pascal(name)}Connection`,
  edge: `${pascal(name)}Edge`,
  lines: (field: string) => `${pascal(name)}${pascal(field)}Line`,
  linesInput: (field: string) => `${pascal(name)}${pascal(field)}LineInput`,
});

/** The field a list path's `:param` filters (and presets in the create form): the field of
 * that name, else the ref field `x` for `:xId` (`production/maintenance/:equipmentId` lists
 * the maintenance of one piece of equipment, field `equipment`). */
export function listParamField<F extends { name: string; type: string }>(
  fields: readonly F[],
  param: string,
): F | undefined {
  return (
    fields.find((f) => f.name === param) ??
    (param.endsWith('Id') ? fields.find((f) => f.type === 'ref' && `${f.name}Id` === param) : undefined)
  );
}
