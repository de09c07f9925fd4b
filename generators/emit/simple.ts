// Small emitters: the metadata module, labels, named routes.
import type { ClientEntityMeta, ClientFieldMeta, EntityMeta, FieldMeta } from '../../src/shared/meta';
import { BANNER } from './banner';

export function emitEntities(entities: EntityMeta[]): string {
  return `${BANNER}import type { EntityMeta } from '../shared/meta';

export const entities: EntityMeta[] = ${JSON.stringify(entities, null, 2)};

export const entityByName: Record<string, EntityMeta> = Object.fromEntries(entities.map((e) => [e.name, e]));
`;
}

function clientField(field: FieldMeta): ClientFieldMeta {
  const { column: _column, label: _label, valueLabels: _valueLabels, lines, ...kept } = field;
  return lines ? { ...kept, lines: { totals: lines.totals, fields: lines.fields.map(clientField) } } : kept;
}

/** Only what the browser reads (see ClientEntityMeta); names derived from the entity name are
 * derived again when the module loads, by the functions load.ts uses. The server keeps entities.ts. */
export function clientEntities(entities: EntityMeta[]): Omit<ClientEntityMeta, 'typeName' | 'ops'>[] {
  return entities.map(({ file: _file, table: _table, typeName: _typeName, ops: _ops, fields, ...kept }) => ({
    ...kept,
    fields: fields.map(clientField),
  }));
}

export function emitClientEntities(entities: EntityMeta[]): string {
  return `${BANNER}// The browser's entity metadata: entities.ts without the server's storage names and without the
// field and value labels (those are in the messages of each language, i18n.en.ts and i18n.fr.ts).
import type { ClientEntityMeta } from '../shared/meta';
import { operationNames, pascal } from '../shared/names';

const stored: Omit<ClientEntityMeta, 'typeName' | 'ops'>[] = ${JSON.stringify(clientEntities(entities), null, 2)};

export const entities: ClientEntityMeta[] = stored.map((e) => ({
  ...e,
  typeName: pascal(e.name),
  ops: operationNames(e.name, e.plural),
}));

export const entityByName: Record<string, ClientEntityMeta> = Object.fromEntries(entities.map((e) => [e.name, e]));
`;
}

type Messages = { [key: string]: string | Messages };

export function buildMessages(entities: EntityMeta[], lang: 'en' | 'fr'): Messages {
  const resources: Messages = {};
  for (const e of entities) {
    const fields: Messages = { id: lang === 'en' ? 'Id' : 'Identifiant' };
    const values: Messages = {};
    for (const f of e.fields) {
      if (f.lines) {
        const lineLabels: Messages = {};
        for (const lf of f.lines.fields) lineLabels[lf.name] = lf.label[lang];
        fields[f.name] = lineLabels;
        fields[`${f.name}Label`] = f.label[lang];
      } else fields[f.name] = f.label[lang];
      const enumFields = [f, ...(f.lines?.fields ?? [])].filter((x) => x.values);
      for (const ef of enumFields) {
        const key = ef === f ? f.name : `${f.name}.${ef.name}`;
        values[key] = Object.fromEntries(ef.values!.map((v, i) => [v, ef.valueLabels![i][lang]]));
      }
    }
    const singular = lang === 'en' ? e.label.en : e.label.fr;
    const plural = lang === 'en' ? e.label.enPlural : e.label.frPlural;
    resources[e.plural] = { name: `${singular} |||| ${plural}`, fields, values };
  }
  return { resources };
}

/** One language's entity labels: the browser loads only the language it shows (src/app/i18n/languages.ts). */
export function emitLanguageMessages(entities: EntityMeta[], lang: 'en' | 'fr'): string {
  return `${BANNER}export const messages = ${JSON.stringify(buildMessages(entities, lang), null, 2)};
`;
}

/** Both languages in one object, for tools and tests that look labels up in either. */
export function emitI18n(): string {
  return `${BANNER}import { messages as en } from './i18n.en';
import { messages as fr } from './i18n.fr';

export const generatedMessages = { en, fr };
`;
}

export function emitRoutes(entities: EntityMeta[]): string {
  const named: Record<string, string> = {};
  for (const e of entities) for (const l of e.routes?.lists ?? []) if (l.name) named[l.name] = `/${l.path}`;
  const sorted = Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b)));
  return `${BANNER}/** Named routes of spec 2.4 that schema files declare; code navigates by name. */
export const routes = ${JSON.stringify(sorted, null, 2)} as const;

export type RouteName = keyof typeof routes;
`;
}
