// The vessel actions (src/app/pages/vesselActions): the action table against the API contract
// (schema/graphql/excise.graphql), the routes of spec 2.3, what a vessel's menu offers in each
// state, form values <-> mutation input, the calculator rule (worked by hand), the extension
// point of the generic screens and the messages in both languages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Kind, parse, type EnumTypeDefinitionNode, type InputObjectTypeDefinitionNode } from 'graphql';
import {
  ACTION_BY_KEY,
  INPUT_FIELDS,
  VESSEL_ACTIONS,
  VESSEL_ACTION_PATHS,
  actionPath,
  actionPathForRefType,
  actionsFor,
  adjustmentCategories,
  categoriesFor,
  fromInput,
  matchAction,
  reductionCategories,
  toInput,
  type ActionKey,
} from '../../src/app/pages/vesselActions/actions';
import {
  applyChange,
  derivedField,
  laaOf,
  proofPreview,
  solve,
  strengthOf,
  volumeOf,
} from '../../src/app/pages/vesselActions/quantities';
import { formatLaa, formatPercent, formatStrength, formatVolume } from '../../src/app/pages/vesselActions/format';
import { volumeRule, strengthRule } from '../../src/app/pages/vesselActions/QuantityInputs';
import { formSources, initialValues } from '../../src/app/pages/vesselActions/VesselActionPage';
import { vesselActionMessages } from '../../src/app/pages/vesselActions/messages';
import { vesselActionsPage } from '../../src/app/pages/vesselActions';
import { extensionsOf, hasExtension } from '../../src/app/pages/extensions';
import { customPages } from '../../src/app/pages/registry';
import { messages } from '../../src/shared/messages';

const sdl = parse(readFileSync(new URL('../../schema/graphql/excise.graphql', import.meta.url), 'utf8'));
const inputTypes = new Map(
  sdl.definitions
    .filter((d): d is InputObjectTypeDefinitionNode => d.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION)
    .map((d) => [d.name.value, (d.fields ?? []).map((f) => f.name.value)]),
);
const mutationFields = new Map<string, string>();
for (const d of sdl.definitions)
  if (d.kind === Kind.OBJECT_TYPE_EXTENSION && d.name.value === 'Mutation')
    for (const f of d.fields ?? []) {
      const arg = f.arguments?.find((a) => a.name.value === 'input');
      const type =
        arg?.type.kind === Kind.NON_NULL_TYPE && arg.type.type.kind === Kind.NAMED_TYPE ? arg.type.type.name.value : '';
      mutationFields.set(f.name.value, type);
    }
const categoryEnum = (
  sdl.definitions.find(
    (d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === 'ExciseCategory',
  )?.values ?? []
).map((v) => v.name.value);

const spirit = { alcoholType: 'Spirit', volume: 1000, laa: 400 };
const wine = { alcoholType: 'Wine', volume: 500, laa: 60 };
const keys = (list: { key: ActionKey }[]) => list.map((a) => a.key);

describe('the action table against the API contract', () => {
  it('posts each action with a mutation of excise.graphql and its input type', () => {
    expect(VESSEL_ACTIONS).toHaveLength(18);
    for (const a of VESSEL_ACTIONS) {
      expect(mutationFields.get(a.mutation), a.key).toBe(a.inputType);
    }
    // every vessel action mutation of the contract has a screen
    const posted = new Set(VESSEL_ACTIONS.map((a) => a.mutation));
    for (const m of mutationFields.keys()) if (m !== 'exciseTransactionDelete') expect(posted.has(m), m).toBe(true);
  });
  it('sends only fields the input types declare', () => {
    for (const [type, fields] of Object.entries(INPUT_FIELDS))
      expect([...fields, 'refId'].sort(), type).toEqual([...(inputTypes.get(type) ?? [])].sort());
  });
  it('offers only categories of the ExciseCategory enum, of the vessel alcohol type', () => {
    for (const t of ['Spirit', 'Wine', 'NonExcise'] as const)
      for (const c of [...reductionCategories(t), ...adjustmentCategories(t)]) expect(categoryEnum).toContain(c);
    expect(reductionCategories('Spirit')).toEqual([
      'SpiritsReductionExported',
      'SpiritsReductionBulkSpiritsReturnedToSpiritProduction',
      'SpiritsReductionLossesPrescribed',
      'SpiritsReductionLossesDutiable',
      'SpiritsReductionDestroyed',
      'SpiritsReductionOther',
    ]);
    expect(adjustmentCategories('Spirit')[0]).toBe('SpiritsAdjustment');
    expect(reductionCategories('NonExcise')).toEqual(['NonExciseReduction']);
    expect(categoriesFor(ACTION_BY_KEY.transfertotank, 'Spirit')).toEqual([]);
    expect(categoriesFor(ACTION_BY_KEY.reduceinventory, 'Wine').every((c) => c.startsWith('Wine'))).toBe(true);
  });
});

describe('routes (spec 2.3)', () => {
  it('serves every action at the spec path', () => {
    expect(VESSEL_ACTION_PATHS).toEqual(
      expect.arrayContaining([
        '/production/initial/:transactionId',
        '/production/:vesselId?/reduceinventory/:transactionId?',
        '/production/:vesselId?/adjustinventory/:transactionId?',
        '/production/:vesselId?/reassignlot/:transactionId?',
        '/production/:vesselId?/transfertotank/:transactionId?',
        '/production/:vesselId?/transfertobulkcontainer/:transactionId?',
        '/production/:vesselId?/transfertouserlicense/:transactionId?',
        '/production/:vesselId?/transfertospiritslicense/:transactionId?',
        '/production/:vesselId?/transfertoWinelicense/:transactionId?',
        '/production/:vesselId?/transfersite/:transactionId?',
        '/production/:vesselId?/denature/:transactionId?',
        '/production/:vesselId?/fortifywine/:transactionId?',
        '/production/tanks/:tankId?/proof/:transactionId?',
        '/production/tanks/:tankId?/fillcask/:transactionId?',
        '/production/fermenters/:fermenterId?/transfertofermenter/:transactionId?',
        '/production/fermenters/:fermenterId?/reduceinventory/:transactionId?',
        '/inventory/casks/empty/:transactionId?',
        '/inventory/casks/setage/:transactionId?',
      ]),
    );
    expect(new Set(VESSEL_ACTION_PATHS).size).toBe(VESSEL_ACTION_PATHS.length);
    expect(customPages).toContain(vesselActionsPage);
    expect(vesselActionsPage.permissions).toEqual(['production.write', 'inventory.write']);
  });

  it('reads the action, the vessel and the transaction from a path', () => {
    expect(matchAction('/production/12/transfertotank')).toMatchObject({
      action: { key: 'transfertotank' },
      vesselId: '12',
    });
    expect(matchAction('/production/transfertotank/88')).toEqual({
      action: ACTION_BY_KEY.transfertotank,
      transactionId: '88',
    });
    expect(matchAction('/production/initial/new', '?vesselId=7')).toEqual({
      action: ACTION_BY_KEY.initial,
      vesselId: '7',
    });
    expect(matchAction('/production/initial/55')).toEqual({ action: ACTION_BY_KEY.initial, transactionId: '55' });
    expect(matchAction('/production/tanks/3/proof')).toMatchObject({ action: { key: 'proof' }, vesselId: '3' });
    expect(matchAction('/production/tanks/proof/9')).toMatchObject({ action: { key: 'proof' }, transactionId: '9' });
    expect(matchAction('/inventory/casks/empty/new', '?vesselId=4')).toMatchObject({
      action: { key: 'caskempty' },
      vesselId: '4',
    });
    expect(matchAction('/inventory/casks/setage/31')).toMatchObject({
      action: { key: 'casksetage' },
      transactionId: '31',
    });
    expect(matchAction('/production/transfertoWinelicense')?.action.key).toBe('transfertoWinelicense');
    expect(matchAction('/sales/customers')).toBeNull();
  });

  it('prefers the fermenter routes over /production/:vesselId?/reduceinventory', () => {
    expect(matchAction('/production/fermenters/reduceinventory')).toEqual({
      action: ACTION_BY_KEY.fermenterreduceinventory,
    });
    expect(matchAction('/production/fermenters/reduceinventory/70')).toEqual({
      action: ACTION_BY_KEY.fermenterreduceinventory,
      transactionId: '70',
    });
    expect(matchAction('/production/fermenters/6/reduceinventory')).toMatchObject({
      action: { key: 'fermenterreduceinventory' },
      vesselId: '6',
    });
    expect(matchAction('/production/6/reduceinventory')?.action.key).toBe('reduceinventory');
  });

  it('builds paths that lead back to the same action', () => {
    for (const a of VESSEL_ACTIONS) {
      const fresh = actionPath(a, { vesselId: '12' });
      const [pathname, search] = fresh.split('?');
      expect(matchAction(pathname, search ? `?${search}` : ''), fresh).toEqual({ action: a, vesselId: '12' });
      const edit = actionPath(a, { transactionId: '99' });
      expect(matchAction(edit), edit).toEqual({ action: a, transactionId: '99' });
    }
    expect(actionPath(ACTION_BY_KEY.initial, { vesselId: '5' })).toBe('/production/initial/new?vesselId=5');
    expect(actionPath(ACTION_BY_KEY.transfertotank, { vesselId: '5' })).toBe('/production/5/transfertotank');
    expect(actionPath(ACTION_BY_KEY.proof, { vesselId: '5' })).toBe('/production/tanks/5/proof');
    expect(actionPath(ACTION_BY_KEY.caskempty, { vesselId: '5' })).toBe('/inventory/casks/empty/new?vesselId=5');
    expect(actionPath(ACTION_BY_KEY.fillcask, { transactionId: '8' })).toBe('/production/tanks/fillcask/8');
  });

  it('opens a ledger row by its refType and refId', () => {
    expect(actionPathForRefType('TransferToTank', '8')).toBe('/production/transfertotank/8');
    expect(actionPathForRefType('FermenterReduceInventory', '8')).toBe('/production/fermenters/reduceinventory/8');
    expect(actionPathForRefType('ReduceInventory', '8')).toBe('/production/reduceinventory/8');
    expect(actionPathForRefType('CaskEmpty', '8')).toBe('/inventory/casks/empty/8');
    expect(actionPathForRefType('Distillation', '8')).toBeNull();
  });
});

describe('what a vessel offers', () => {
  it('an empty vessel: only Initial', () => {
    for (const t of ['Tank', 'Fermenter', 'Cask', 'BulkContainer'] as const) {
      expect(keys(actionsFor(t, null))).toEqual(['initial']);
      expect(keys(actionsFor(t, { alcoholType: 'Spirit', volume: 0, laa: 0 }))).toEqual(['initial']);
    }
  });
  it('a tank of spirit: every tank action but Initial', () => {
    expect(keys(actionsFor('Tank', spirit))).toEqual([
      'transfertotank',
      'transfertobulkcontainer',
      'fillcask',
      'proof',
      'fortifywine',
      'reduceinventory',
      'adjustinventory',
      'reassignlot',
      'transfertouserlicense',
      'transfertospiritslicense',
      'transfertoWinelicense',
      'transfersite',
      'denature',
    ]);
  });
  it('a tank of wine: no proofing, filling casks, fortifying or denaturing', () => {
    const offered = keys(actionsFor('Tank', wine));
    for (const k of ['proof', 'fillcask', 'fortifywine', 'denature', 'initial']) expect(offered).not.toContain(k);
    expect(offered).toContain('transfertotank');
  });
  it('a cask, a fermenter, a bulk container', () => {
    const cask = keys(actionsFor('Cask', spirit));
    expect(cask).toEqual(expect.arrayContaining(['caskempty', 'casksetage', 'reduceinventory', 'transfersite']));
    expect(cask).not.toContain('fillcask');
    expect(cask).not.toContain('proof');
    expect(keys(actionsFor('Fermenter', { alcoholType: 'NonExcise', volume: 2000, laa: 160 }))).toEqual([
      'transfertotank',
      'transfertobulkcontainer',
      'transfertofermenter',
      'fermenterreduceinventory',
    ]);
    const bulk = keys(actionsFor('BulkContainer', spirit));
    expect(bulk).toContain('transfertotank');
    expect(bulk).not.toContain('caskempty');
  });
});

describe('form values and the mutation input', () => {
  it('a transfer sends the volume, or emptyVessel and no volume', () => {
    const a = ACTION_BY_KEY.transfertotank;
    const values = {
      vesselId: '1',
      toVesselId: '2',
      date: '2025-03-01',
      volume: 500,
      strength: 40,
      laa: 200,
      emptyVessel: false,
      comments: '  half  ',
    };
    expect(toInput(a, values)).toEqual({
      vesselId: '1',
      toVesselId: '2',
      date: '2025-03-01',
      volume: 500,
      emptyVessel: false,
      comments: 'half',
    });
    expect(toInput(a, { ...values, emptyVessel: true, comments: '' }, '77')).toEqual({
      refId: '77',
      vesselId: '1',
      toVesselId: '2',
      date: '2025-03-01',
      volume: null,
      emptyVessel: true,
      comments: null,
    });
  });
  it('an initial sends volume and strength, never the LAA', () => {
    const input = toInput(ACTION_BY_KEY.initial, {
      vesselId: '1',
      date: '2025-03-01',
      alcoholType: 'Spirit',
      alcoholId: '40',
      lot: 'L-1',
      volume: 1000,
      strength: 40,
      laa: 400,
      comments: '',
    });
    expect(input).toEqual({
      vesselId: '1',
      date: '2025-03-01',
      alcoholType: 'Spirit',
      alcoholId: '40',
      lot: 'L-1',
      volume: 1000,
      strength: 40,
      comments: null,
    });
  });
  it('a cask emptied to nowhere leaves toVesselId out; a reduce keeps its category', () => {
    expect(
      toInput(ACTION_BY_KEY.caskempty, {
        vesselId: '3',
        toVesselId: null,
        date: '2025-03-01',
        volume: 180,
        strength: 58,
      }),
    ).not.toHaveProperty('toVesselId');
    expect(
      toInput(ACTION_BY_KEY.reduceinventory, {
        vesselId: '3',
        date: '2025-03-01',
        volume: 2,
        excise: 'SpiritsReductionDestroyed',
      }),
    ).toMatchObject({ excise: 'SpiritsReductionDestroyed', volume: 2, emptyVessel: false });
  });
  it('a posted input fills the form back', () => {
    const a = ACTION_BY_KEY.transfertotank;
    const input = JSON.stringify({ vesselId: 1, toVesselId: 2, date: '2025-03-01', volume: '500.000', refId: 9 });
    expect(fromInput(a, input)).toEqual({ vesselId: '1', toVesselId: '2', date: '2025-03-01', volume: 500 });
    expect(fromInput(a, 'not json')).toEqual({});
    const posted = {
      id: '9',
      kind: 'Initial',
      date: '2025-03-01',
      vesselId: '1',
      active: true,
      transactions: [],
      input: JSON.stringify({
        vesselId: '1',
        date: '2025-03-01',
        alcoholType: 'Spirit',
        alcoholId: '4',
        volume: 1000,
        strength: 40,
      }),
    };
    expect(initialValues(ACTION_BY_KEY.initial, posted, undefined)).toMatchObject({
      volume: 1000,
      strength: 40,
      laa: 400,
    });
  });
  it('a new form: the vessel, today, nothing moved', () => {
    const v = initialValues(ACTION_BY_KEY.transfertotank, null, '12');
    expect(v).toMatchObject({ vesselId: '12', emptyVessel: false, volume: null });
    expect(v.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(initialValues(ACTION_BY_KEY.initial, null, '12')).toMatchObject({ alcoholType: 'Spirit' });
  });
  it('knows which server field errors it can show under an input', () => {
    expect([...formSources(ACTION_BY_KEY.transfertotank, false, false)].sort()).toEqual(
      ['comments', 'date', 'emptyVessel', 'laa', 'strength', 'toVesselId', 'volume'].sort(),
    );
    expect(formSources(ACTION_BY_KEY.initial, true, false).has('vesselId')).toBe(true);
    expect(formSources(ACTION_BY_KEY.initial, true, false).has('value')).toBe(false);
    expect(formSources(ACTION_BY_KEY.initial, true, true).has('value')).toBe(true);
    expect(formSources(ACTION_BY_KEY.proof, false, false).has('strength')).toBe(true);
  });
});

describe('the calculator rule (LAA = volume x strength / 100)', () => {
  it('any two give the third, worked by hand', () => {
    expect(laaOf(1000, 40)).toBe(400); // 1,000.000 L at 40.00 % = 400.000 LAA
    expect(volumeOf(400, 40)).toBe(1000);
    expect(strengthOf(1000, 400)).toBe(40);
    expect(laaOf(250.5, 43.17)).toBe(108.141); // 108.14085 rounds up
    expect(laaOf(123.457, 38.5)).toBe(47.531); // 47.530945
    expect(laaOf(0.001, 40)).toBe(0); // 0.0004
    expect(volumeOf(100, 62.5)).toBe(160); // 100 x 100 / 62.5
    expect(volumeOf(47.531, 38.5)).toBe(123.457); // 123.45714…
    expect(strengthOf(750, 301.125)).toBe(40.15);
    expect(strengthOf(0, 10)).toBeNull();
    expect(volumeOf(10, 0)).toBeNull();
  });
  it('the field not among the two typed last follows', () => {
    expect(derivedField([])).toBe('laa');
    expect(derivedField(['volume', 'strength'])).toBe('laa');
    expect(derivedField(['laa', 'volume', 'strength'])).toBe('strength');
    expect(derivedField(['laa', 'strength'])).toBe('volume');
    expect(derivedField(['strength', 'laa', 'volume'])).toBe('volume');
    // the vessel's strength is fixed: an LAA gives the volume, a volume gives the LAA
    expect(derivedField(['laa'], true)).toBe('volume');
    expect(derivedField(['volume', 'laa'], true)).toBe('laa');
  });
  it('typing in turn', () => {
    let state = { quantities: {}, recent: [] as ('volume' | 'strength' | 'laa')[] } as ReturnType<typeof applyChange>;
    state = applyChange(state.quantities, state.recent, 'volume', 1000);
    state = applyChange(state.quantities, state.recent, 'strength', 40);
    expect(state.quantities).toEqual({ volume: 1000, strength: 40, laa: 400 });
    state = applyChange(state.quantities, state.recent, 'laa', 300);
    expect(state.derived).toBe('volume');
    expect(state.quantities).toEqual({ volume: 750, strength: 40, laa: 300 });
    state = applyChange(state.quantities, state.recent, 'volume', 600);
    expect(state.derived).toBe('strength');
    expect(state.quantities).toEqual({ volume: 600, strength: 50, laa: 300 });
    // a transfer: strength pinned at the vessel's 40.00 %
    const moved = applyChange({ volume: null, strength: 40, laa: null }, [], 'laa', 200, true);
    expect(moved.quantities).toEqual({ volume: 500, strength: 40, laa: 200 });
    expect(solve('laa', { volume: 500, strength: null })).toBeNull();
  });
  it('checks quantities with the spec 5 messages', () => {
    const positive = volumeRule({ positive: true, required: true });
    expect(positive(-1, {}, {} as never)).toEqual({ message: 'app.vesselActions.validation.positive', args: {} });
    expect(positive(0, {}, {} as never)).toEqual({ message: 'app.vesselActions.validation.positive', args: {} });
    expect(positive(0.001, {}, {} as never)).toBeUndefined();
    expect(volumeRule({ positive: false, required: true })(0, {}, {} as never)).toBeUndefined();
    expect(strengthRule(99.01, {}, {} as never)).toEqual({
      message: 'app.vesselActions.validation.strength_range',
      args: {},
    });
    expect(strengthRule(0, {}, {} as never)).toBeUndefined();
    const en = vesselActionMessages.en.app as { vesselActions: { validation: Record<string, string> } };
    expect(en.vesselActions.validation.strength_range).toBe(messages.strengthRange);
    expect(en.vesselActions.validation.positive).toBe(messages.mustBePositive);
  });
  it('previews a proofing: the LAA stays, the water comes from the tables', () => {
    const p = proofPreview({ volume: 1000, laa: 600, strength: 60 }, 40);
    expect(p?.volume).toBe(1500); // 600 x 100 / 40
    // the mix contracts: more water than the 500 L the volume grows by
    expect(p!.water).toBeGreaterThan(500);
    expect(p!.water).toBeLessThan(540);
    expect(proofPreview({ volume: 1000, laa: 600, strength: 60 }, 65)).toBeNull();
    expect(proofPreview({ volume: 1000, laa: 600, strength: 60 }, null)).toBeNull();
  });
  it('shows numbers as spec 5 writes them', () => {
    expect(formatVolume(1234.5)).toBe('1,234.500 L');
    expect(formatStrength(40)).toBe('40.00 %');
    expect(formatLaa(1234567.891)).toBe('1,234,567.891');
    expect(formatPercent(62.4)).toBe('62 %');
    expect(formatPercent(4.26)).toBe('4.3 %');
    expect(formatVolume(null)).toBe('—');
  });
});

describe('the extension point of the generic screens', () => {
  it('adds contents columns, row and edit menus and the panel to the vessel screens only', () => {
    for (const entity of ['tank', 'fermenter', 'cask', 'bulkContainer']) {
      const ext = extensionsOf(entity);
      for (const kind of ['listColumns', 'rowActions', 'editActions', 'editPanels'] as const)
        expect(hasExtension(ext, kind), `${entity} ${kind}`).toBe(true);
      const columns = ext.flatMap((e) => e.listColumns?.({ entity: {} as never, translate: (k) => k }) ?? []);
      const vesselColumns = [
        'contents.alcoholName',
        'contents.lot',
        'contents.volume',
        'contents.strength',
        'contents.laa',
        'contents.fillPercent',
      ];
      // a cask's age (casks page) follows its contents
      expect(columns.map((c) => (c.props as { source: string }).source)).toEqual(
        entity === 'cask' ? [...vesselColumns, 'ageing.age'] : vesselColumns,
      );
    }
    // screens that are not vessels get none of the vessel contributions
    for (const ext of extensionsOf('customer')) expect(ext.listColumns).toBeUndefined();
  });
  it('adds up several contributions to one entity, in order', () => {
    const a = { editPanels: () => null };
    const b = { editActions: () => null };
    expect(
      extensionsOf('tank', [
        ['tank', a],
        ['customer', b],
        ['tank', b],
      ]),
    ).toEqual([a, b]);
  });
});

describe('messages', () => {
  type Tree = { [k: string]: unknown };
  const leaves = (tree: unknown, prefix = ''): string[] =>
    Object.entries(tree as Tree).flatMap(([k, v]) =>
      v && typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );
  it('French has every English key, and every action a title', () => {
    expect(leaves(vesselActionMessages.fr).sort()).toEqual(leaves(vesselActionMessages.en).sort());
    const titles = (vesselActionMessages.en.app as { vesselActions: { action: Record<string, string> } }).vesselActions
      .action;
    for (const a of VESSEL_ACTIONS) expect(titles[a.key], a.key).toBeTruthy();
  });
});
