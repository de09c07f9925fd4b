// The setup wizard's calls (spec 7): the setup query, the workflow ticks
// (productionOverviewSetPreferences) and "setup done" (companySettingsSet with doneSetup true).
import { gqlCall } from '../../shell/gql';
import { WORKFLOW_PREFERENCE_KEYS } from '../../shell/workflow';
import type { SetupState, WorkflowPreferences } from './rules';

const WORKFLOW_FIELDS = WORKFLOW_PREFERENCE_KEYS.join(' ');

const SETUP_QUERY = `query Setup { setup {
  doneSetup
  productionOverviewPreferences { ${WORKFLOW_FIELDS} }
  company { address phone businessNumber sites { id name spiritsLicense warehouseLicense } }
  accountingProvider
  fermenters spirits wines tanks stills items products casks bulkContainers
} }`;

const SET_WORKFLOW = `mutation SetupWorkflow($p: WorkflowPreferencesInput!) {
  productionOverviewSetPreferences(preferences: $p) { ${WORKFLOW_FIELDS} }
}`;

const SETUP_DONE = 'mutation SetupDone { companySettingsSet(settings: { doneSetup: true }) { id } }';

export async function loadSetup(fetchImpl: typeof fetch): Promise<SetupState> {
  return (await gqlCall<{ setup: SetupState }>(fetchImpl, SETUP_QUERY)).setup;
}

/** Saves one tick (the server, too, turns distilling on with mashing); answers the whole workflow. */
export async function saveWorkflowTick(
  fetchImpl: typeof fetch,
  key: keyof WorkflowPreferences,
  value: boolean,
): Promise<WorkflowPreferences> {
  const d = await gqlCall<{ productionOverviewSetPreferences: WorkflowPreferences }>(fetchImpl, SET_WORKFLOW, {
    p: { [key]: value },
  });
  return d.productionOverviewSetPreferences;
}

export async function markSetupDone(fetchImpl: typeof fetch): Promise<void> {
  await gqlCall(fetchImpl, SETUP_DONE);
}
