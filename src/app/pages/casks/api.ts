// What the cask screens ask the server (schema/graphql/casks.graphql). The age column of a list
// page asks casksAgeing once for the page's ids (kept a few seconds, shared by its cells).
import { useEffect, useState } from 'react';
import { useCurrentCompany } from '../../services';
import { useVesselApi, type GraphQLCall } from '../vesselActions/api';

export interface CaskAge {
  from: string;
  at: string;
  years: number;
  months: number;
}

export interface CaskAgeing {
  caskId: string;
  alcoholName: string | null;
  laa: number;
  strength: number | null;
  dateFilled: string | null;
  ageFrom: string | null;
  age: CaskAge | null;
}

export interface AngelsShare {
  filledLaa: number;
  regaugedLaa: number;
  shareLaa: number;
  sharePercent: number;
  age: CaskAge | null;
}

export const CASKS_AGEING_QUERY = `query CasksAgeing($ids: [ID!]!) { casksAgeing(ids: $ids) { caskId alcoholName laa strength dateFilled ageFrom age { from at years months } } }`;
export const ADD_EMPTY_MUTATION = `mutation CasksAddEmpty($input: CasksAddEmptyInput!) { casksAddEmpty(input: $input) { count } }`;
export const SET_AGE_MUTATION = `mutation CasksSetAge($ids: [ID!]!, $ageFrom: String) { casksSetAge(ids: $ids, ageFrom: $ageFrom) { id } }`;
export const ANGELS_SHARE_QUERY = `query CaskAngelsShare($caskId: ID!, $date: String!, $volume: Float!, $strength: Float!) { caskAngelsShare(caskId: $caskId, date: $date, volume: $volume, strength: $strength) { filledLaa regaugedLaa shareLaa sharePercent age { from at years months } } }`;
export const CASK_EMPTY_MUTATION = `mutation CaskEmpty($input: CaskEmptyInput!) { caskEmpty(input: $input) { refId } }`;
export const CASK_TYPE_QUERY = `query CaskTypeDefaults($id: ID!) { caskType(id: $id) { id size charLevel cost } }`;

const TTL_MS = 5_000;
const cache = new Map<string, { at: number; promise: Promise<CaskAgeing[]> }>();

function loadAgeing(call: GraphQLCall, scope: string, ids: readonly string[]): Promise<CaskAgeing[]> {
  const sorted = [...new Set(ids)].sort();
  const key = `${scope}:${sorted.join(',')}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.promise;
  const promise = sorted.length
    ? call<{ casksAgeing: CaskAgeing[] }>(CASKS_AGEING_QUERY, { ids: sorted }).then((d) => d.casksAgeing)
    : Promise.resolve([]);
  cache.set(key, { at: Date.now(), promise });
  promise.catch(() => cache.delete(key));
  return promise;
}

/** The ageing of a list page's casks by id (null while loading). */
export function useCasksAgeing(ids: readonly string[]): Map<string, CaskAgeing> | null {
  const call = useVesselApi();
  const scope = useCurrentCompany()?.id ?? '';
  const key = [...new Set(ids)].sort().join(',');
  const [result, setResult] = useState<{ key: string; map: Map<string, CaskAgeing> } | null>(null);
  useEffect(() => {
    let live = true;
    loadAgeing(call, scope, key ? key.split(',') : []).then(
      (rows) => live && setResult({ key, map: new Map(rows.map((r) => [String(r.caskId), r])) }),
      () => live && setResult({ key, map: new Map() }),
    );
    return () => {
      live = false;
    };
  }, [call, scope, key]);
  return result?.key === key ? result.map : null;
}
