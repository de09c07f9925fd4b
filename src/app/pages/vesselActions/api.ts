// What the vessel screens ask the server (schema/graphql/excise.graphql): vessels with their
// contents, a posted action, the action mutations and the delete. Failures are thrown shaped
// like Apollo errors (settings/api.ts), so describeApiError reads their code and field
// messages; the fetch observer has already put them on the error banner.
//
// Contents of many vessels are asked once per set of ids: every cell of a list page asks for
// the page's ids and shares one `vesselContents(ids)` call (kept a few seconds, dropped after
// any action is posted).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { AlcoholType, VesselType } from '../../../shared/excise/categories';
import { callGraphQL } from '../settings/api';
import { useCurrentCompany, useServices } from '../../services';
import type { VesselActionDef } from './actions';

export interface VesselContents {
  alcoholType: AlcoholType;
  alcoholId: string;
  alcoholName?: string | null;
  lot?: string | null;
  volume: number;
  strength: number;
  laa: number;
  kg?: number | null;
  value?: number | null;
  ageDate?: string | null;
  fillPercent?: number | null;
  siteId?: string | null;
}

export interface VesselState {
  vesselType: VesselType;
  vesselId: string;
  vesselName: string;
  capacity?: number | null;
  contents: VesselContents | null;
}

export interface PostedRow {
  vesselId?: string | null;
  alcoholType: AlcoholType;
  volume: number;
  strength?: number | null;
  laa: number;
}

export interface PostedAction {
  id: string;
  kind: string;
  date: string;
  input: string;
  vesselId: string;
  active: boolean;
  transactions: PostedRow[];
}

const CONTENTS = 'alcoholType alcoholId alcoholName lot volume strength laa kg ageDate fillPercent siteId';
const STATE = `vesselType vesselId vesselName capacity contents { ${CONTENTS} }`;

export const VESSEL_CONTENTS_QUERY = `query VesselContents($ids: [ID!]!) { vesselContents(ids: $ids) { ${STATE} } }`;
export const VESSELS_WITH_CONTENTS_QUERY = `query VesselsWithContents($vesselType: VesselType!, $siteId: ID) { vesselsWithContents(vesselType: $vesselType, siteId: $siteId) { ${STATE} } }`;
export const EXCISE_ACTION_QUERY = `query ExciseAction($id: ID!) { exciseAction(id: $id) { id kind date input vesselId active transactions { vesselId alcoholType volume strength laa } } }`;
export const DELETE_MUTATION = `mutation ExciseTransactionDelete($refId: ID!) { exciseTransactionDelete(refId: $refId) { refId } }`;

/** The mutation document of an action: `mutation VesselActionTransferToTank($input: …) { … }`. */
export const actionMutation = (action: VesselActionDef): string =>
  `mutation VesselAction${action.kind}($input: ${action.inputType}!) { ${action.mutation}(input: $input) { refId transactions { id vesselId volume laa } } }`;

export type GraphQLCall = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** Calls the API of the current company. */
export function useVesselApi(): GraphQLCall {
  const { authFetch } = useServices();
  const companyId = useCurrentCompany()?.id ?? null;
  return useCallback(
    <T>(query: string, variables?: Record<string, unknown>) => callGraphQL<T>(authFetch, companyId, query, variables),
    [authFetch, companyId],
  );
}

// ---------------------------------------------------------------- shared contents cache

const TTL_MS = 5_000;
const cache = new Map<string, { at: number; promise: Promise<VesselState[]> }>();
let version = 0;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getVersion = () => version;

/** Forget every cached contents (after a posting): screens showing contents ask again. */
export function invalidateVesselContents(): void {
  cache.clear();
  version += 1;
  for (const l of listeners) l();
}

/** Contents of these vessels, one call per distinct set of ids while it is fresh. */
export function loadVesselContents(call: GraphQLCall, scope: string, ids: readonly string[]): Promise<VesselState[]> {
  const sorted = [...new Set(ids)].sort();
  const key = `${scope}:${sorted.join(',')}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.promise;
  const promise = sorted.length
    ? call<{ vesselContents: VesselState[] }>(VESSEL_CONTENTS_QUERY, { ids: sorted }).then((d) => d.vesselContents)
    : Promise.resolve([]);
  cache.set(key, { at: Date.now(), promise });
  promise.catch(() => cache.delete(key));
  return promise;
}

export interface ContentsResult {
  /** by vessel id; null while loading */
  states: Map<string, VesselState> | null;
  failed: boolean;
}

/** The states of `ids` (a list page's rows, or one vessel), shared by every caller asking for the same ids. */
export function useVesselStates(ids: readonly string[]): ContentsResult {
  const call = useVesselApi();
  const scope = useCurrentCompany()?.id ?? '';
  const current = useSyncExternalStore(subscribe, getVersion);
  const key = [...new Set(ids)].sort().join(',');
  const [result, setResult] = useState<{ key: string; version: number } & ContentsResult>({
    key: '',
    version: -1,
    states: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split(',') : [];
    loadVesselContents(call, scope, wanted).then(
      (states) => {
        if (live)
          setResult({
            key,
            version: current,
            states: new Map(states.map((s) => [String(s.vesselId), s])),
            failed: false,
          });
      },
      () => live && setResult({ key, version: current, states: new Map(), failed: true }),
    );
    return () => {
      live = false;
    };
  }, [call, scope, key, current]);
  // an answer for other ids is not shown while the new one loads
  return result.key === key ? result : { states: null, failed: false };
}

/** Every vessel of these types with its contents (pickers), loaded once per mount. */
export function useVesselsOfTypes(types: readonly VesselType[] | undefined): VesselState[] | null {
  const call = useVesselApi();
  const key = (types ?? []).join(',');
  const [vessels, setVessels] = useState<VesselState[] | null>(null);
  useEffect(() => {
    let live = true;
    const wanted = key ? (key.split(',') as VesselType[]) : [];
    Promise.all(
      wanted.map((vesselType) =>
        call<{ vesselsWithContents: VesselState[] }>(VESSELS_WITH_CONTENTS_QUERY, { vesselType }).then(
          (d) => d.vesselsWithContents,
        ),
      ),
    ).then(
      (lists) => live && setVessels(lists.flat()),
      () => live && setVessels([]),
    );
    return () => {
      live = false;
    };
  }, [call, key]);
  return vessels;
}
