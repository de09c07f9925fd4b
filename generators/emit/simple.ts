// Small emitters: the metadata module, labels, named routes.
import type { EntityMeta } from '../../src/shared/meta';
import { BANNER } from './banner';

export function emitEntities(entities: EntityMeta[]): string {
  return `${BANNER}import type { EntityMeta } from '../shared/meta';

export const entities: EntityMeta[] = ${JSON.stringify(entities, null, 2)};

export const entityByName: Record<string, EntityMeta> = Object.fromEntries(entities.map((e) => [e.name, e]));
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

export function emitI18n(entities: EntityMeta[]): string {
  return `${BANNER}export const generatedMessages = ${JSON.stringify({ en: buildMessages(entities, 'en'), fr: buildMessages(entities, 'fr') }, null, 2)};
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
