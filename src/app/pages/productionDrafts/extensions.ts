// The production create screens prefilled from the query string (spec 2.4 create routes).
// Contributed to the generic create screen through the extension map (pages/extensions.ts); the
// task an activityId names is completed by the create itself (GenericForm sends it).
import type { DataProvider } from 'react-admin';
import type { EntityMeta } from '../../../shared/meta';
import { gqlCall } from '../../shell/gql';
import type { EntityExtension, ExtensionContribution } from '../extensions';
import { DRAFT_KINDS, amountOf, type DraftKind } from './drafts';

type Rec = Record<string, unknown>;

/** The items whose name is each of `names` (a product's bill of materials names its materials). */
async function itemsNamed(dataProvider: DataProvider, resource: string, names: string[]): Promise<Map<string, Rec>> {
  const found = new Map<string, Rec>();
  for (const name of new Set(names.filter(Boolean))) {
    const { data } = await dataProvider.getList(resource, {
      filter: { q: name },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
    });
    const match = data.find((d) => String(d.name ?? '').toLowerCase() === name.toLowerCase());
    if (match) found.set(name, match);
  }
  return found;
}

/** The company's production preferences (spec 3) a new record of each kind starts with. */
const PREFERENCES: Record<string, { query: string; values: (p: Rec) => Rec }> = {
  mash: {
    query: 'query MashingPreferences { mashingPreferences { mashDuration mashpH } }',
    values: (p) => ({ duration: p.mashDuration, ph: p.mashpH }),
  },
  distillation: {
    query: 'query DistillingPreferences { distillingPreferences { distillDuration } }',
    values: (p) => ({ duration: p.distillDuration }),
  },
  blend: {
    query: 'query BlendingPreferences { blendingPreferences { blendDuration } }',
    values: (p) => ({ duration: p.blendDuration }),
  },
  bottling: {
    query: 'query BottlingPreferences { bottlingPreferences { bottleDuration bottleProof } }',
    values: (p) => ({ duration: p.bottleDuration, strength: p.bottleProof }),
  },
};

async function preferredValues(entity: string, authFetch: typeof fetch): Promise<Rec> {
  const preference = PREFERENCES[entity];
  if (!preference) return {};
  const data = await gqlCall<Record<string, Rec>>(authFetch, preference.query, {}, { silent: true }).catch(() => null);
  const values = data ? preference.values(Object.values(data)[0] ?? {}) : {};
  // a preference not set leaves the field to its own default
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined));
}

function createDefaultsFor(kind: DraftKind): NonNullable<EntityExtension['createDefaults']> {
  return async (ctx) => {
    const preferred = await preferredValues(kind.entity, ctx.authFetch);
    const draft = await recipeDraft(kind, ctx);
    return { ...preferred, ...draft };
  };
}

async function recipeDraft(
  kind: DraftKind,
  { search, dataProvider, entityByName }: Parameters<NonNullable<EntityExtension['createDefaults']>>[0],
): Promise<Rec | null> {
  const recipeId = search.get(kind.recipeParam);
  if (!recipeId || !/^[0-9]{1,18}$/.test(recipeId)) return null;
  const recipeEntity: EntityMeta | undefined = entityByName[kind.recipeEntity];
  if (!recipeEntity) return null;
  const { data: recipe } = await dataProvider.getOne(recipeEntity.plural, { id: recipeId });
  const draft = kind.draft(recipe as Rec, amountOf(search, kind));
  if (kind.entity === 'bottling' && Array.isArray(draft.bom)) {
    const lines = draft.bom as { name?: string; quantity: number }[];
    const items = await itemsNamed(
      dataProvider,
      entityByName.item.plural,
      lines.map((l) => l.name ?? ''),
    );
    draft.bom = lines.map((l) => {
      const item = l.name ? items.get(l.name) : undefined;
      return { item: item ? { id: String(item.id), name: item.name } : null, quantity: l.quantity };
    });
  }
  return draft;
}

export const draftExtensions: readonly ExtensionContribution[] = DRAFT_KINDS.map(
  (kind) => [kind.entity, { createDefaults: createDefaultsFor(kind) }] as const,
);
