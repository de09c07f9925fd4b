// The setup wizard's rules (spec 4 'Setup wizard', 5 'Setup completeness', 6, 9 'Setup
// progress') as pure functions of the setup query's answer: which steps a person sees, which
// are done, the progress count, and the section the wizard opens on.

import type { WorkflowPreferences } from '../../shell/workflow';

export type { WorkflowPreferences };

export interface SetupSite {
  id: string;
  name: string;
  spiritsLicense?: string | null;
  warehouseLicense?: string | null;
}

export interface SetupCompany {
  address?: string | null;
  phone?: string | null;
  businessNumber?: string | null;
  sites: SetupSite[];
}

/** What the setup query answers; a part the person's permissions do not cover is null. */
export interface SetupState {
  doneSetup: boolean;
  productionOverviewPreferences: WorkflowPreferences;
  company: SetupCompany | null;
  accountingProvider: string | null;
  fermenters: number | null;
  spirits: number | null;
  wines: number | null;
  tanks: number | null;
  stills: number | null;
  items: number | null;
  products: number | null;
  casks: number | null;
  bulkContainers: number | null;
}

export type SectionIndex = 0 | 1 | 2 | 3 | 4;
export const SECTIONS: readonly SectionIndex[] = [0, 1, 2, 3, 4];
export const LAST_SECTION: SectionIndex = 4;

export type StepKey =
  | 'workflow'
  | 'companyInfo'
  | 'excise'
  | 'spirits'
  | 'wines'
  | 'tanks'
  | 'stills'
  | 'fermenters'
  | 'items'
  | 'products'
  | 'casks'
  | 'bulkContainers';

export interface SetupStep {
  key: StepKey;
  section: SectionIndex;
  done: boolean;
  /** the named route (spec 2.5) and its params where the person does this step */
  route?: { name: string; params?: Record<string, unknown> };
}

const present = (text: string | null | undefined): boolean => !!text && text.trim() !== '';

/** Spec 5: company info is done when address, phone and business number are all present. */
export function companyInfoDone(company: SetupCompany): boolean {
  return present(company.address) && present(company.phone) && present(company.businessNumber);
}

/** Spec 5: excise is done when every site has both a spirits and a warehouse licence. A company
 * with no site yet has no licence recorded anywhere: not done. */
export function exciseDone(company: SetupCompany): boolean {
  return (
    company.sites.length > 0 &&
    company.sites.every((site) => present(site.spiritsLicense) && present(site.warehouseLicense))
  );
}

/** Wine counts only when the company may make wine (allowWine) and chose it in its workflow. */
export const wineChosen = (state: SetupState, allowWine: boolean): boolean =>
  allowWine && state.productionOverviewPreferences.wine;

function countStep(
  key: StepKey,
  section: SectionIndex,
  count: number | null,
  route: string,
  shown = true,
): SetupStep[] {
  // null: the person's permissions do not cover this check (spec 6), so it is not theirs to do
  if (!shown || count === null) return [];
  return [{ key, section, done: count > 0, route: { name: route } }];
}

/**
 * The steps this person sees, in wizard order: the workflow (always done: choosing it is the
 * wizard's first section), then the checks their permissions cover and the workflow calls for.
 */
export function setupSteps(state: SetupState, allowWine: boolean): SetupStep[] {
  const w = state.productionOverviewPreferences;
  const steps: SetupStep[] = [{ key: 'workflow', section: 0, done: true }];
  if (state.company) {
    steps.push(
      {
        key: 'companyInfo',
        section: 1,
        done: companyInfoDone(state.company),
        route: { name: 'Settings', params: { initialTab: 0 } },
      },
      {
        key: 'excise',
        section: 1,
        done: exciseDone(state.company),
        route: { name: 'Settings', params: { initialTab: 4 } },
      },
    );
  }
  steps.push(
    ...countStep('spirits', 2, state.spirits, 'Spirits'),
    ...countStep('wines', 2, state.wines, 'Wine', wineChosen(state, allowWine)),
    ...countStep('tanks', 3, state.tanks, 'EquipmentTanks'),
    ...countStep('stills', 3, state.stills, 'EquipmentStills', w.distilling),
    ...countStep('fermenters', 3, state.fermenters, 'EquipmentFermenters', w.mashing),
    ...countStep('items', 4, state.items, 'InventoryItems'),
    ...countStep('products', 4, state.products, 'InventoryProducts'),
    ...countStep('casks', 4, state.casks, 'InventoryCasks', w.casks),
    ...countStep('bulkContainers', 4, state.bulkContainers, 'InventoryBulkContainers', w.bulkContainers),
  );
  return steps;
}

export interface SetupProgress {
  done: number;
  total: number;
  /** whole percent, rounded down: 100 only when every step is done */
  percent: number;
}

/**
 * Spec 9: a base of 7 steps (workflow, company info, excise, spirits, tanks, items, products)
 * plus one each for wine (allowed and chosen), distilling (stills), mashing (fermenters), casks
 * and bulk containers; the count starts at 1 (the workflow). Steps the person's permissions do
 * not cover are neither counted nor done.
 */
export function setupProgress(state: SetupState, allowWine: boolean): SetupProgress {
  const steps = setupSteps(state, allowWine);
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  return { done, total, percent: Math.floor((done * 100) / total) };
}

/**
 * Spec 4: the first section with unfinished work (1 company info or excise, 2 spirits or wines,
 * 3 tanks, stills or fermenters, 4 items, products, casks or bulk containers), or null when
 * every section is complete. Welcome mode always starts at section 0.
 */
export function openingSection(state: SetupState, allowWine: boolean, welcome: boolean): SectionIndex | null {
  if (welcome) return 0;
  const unfinished = setupSteps(state, allowWine).find((s) => !s.done);
  return unfinished ? unfinished.section : null;
}

/** Spec 4: the wizard shows in welcome mode or while a section is incomplete; otherwise setup
 * is marked done at once. */
export function shouldShow(state: SetupState, allowWine: boolean, welcome: boolean): boolean {
  return welcome || openingSection(state, allowWine, false) !== null;
}

/** Spec 4: ticking mashing forces distilling on (a mash makes wash only a still can use). */
export function tickWorkflow(
  preferences: WorkflowPreferences,
  key: keyof WorkflowPreferences,
  value: boolean,
): WorkflowPreferences {
  const next = { ...preferences, [key]: value };
  if (next.mashing) next.distilling = true;
  return next;
}

/** The distilling tick is locked while mashing is on. */
export const distillingLocked = (preferences: WorkflowPreferences): boolean => preferences.mashing;
