// Helpers for the excise API tests: a company with a site, a spirit and vessels, and calls to
// the vessel actions by name. Figures in the tests are worked by hand (LAA = L x ABV / 100).
import { EVERYTHING, makeMember, type TestApi } from './harness';
import type { StaffService } from '../../src/shared/services';

export type Err = { message: string; extensions: { code: string; info: Record<string, unknown> } };
export interface Answer<T> {
  data?: T;
  errors?: Err[];
}

export const POSTING = `{ refId transactions { id date excise vesselId volume strength laa litres lot description } }`;
export const CONTENTS = `contents { alcoholType alcoholId alcoholName lot volume strength laa fillPercent ageDate }`;

export async function exciseCompany(api: TestApi, permissions = [...EVERYTHING, 'audit']) {
  const m = await makeMember(api, permissions);
  const call = async <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    token = m.token,
    service?: StaffService,
  ) => (await api.gql<T>(m.companyId, query, variables, token, service)).body as Answer<T>;
  const create = async (entity: string, input: Record<string, unknown>) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    const r = await call<Record<string, { id: string }>>(
      `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
    );
    if (r.errors) throw new Error(`${entity}Create: ${JSON.stringify(r.errors)}`);
    return r.data![`${entity}Create`].id;
  };
  const site = await create('site', { name: 'Main', spiritsLicense: 'SL-001', wineLicense: 'WL-9' });
  const rye = await create('spirit', { name: 'Rye new make', class: 'Whisky', exciseCategory: 'Spirits' });
  const gin = await create('spirit', { name: 'Gin base', class: 'Gin', exciseCategory: 'Spirits' });
  const tank = (name: string, capacity = 5000) => create('tank', { name, capacity, site });
  const cask = (number: string, size = 200) => create('cask', { number, size, site });
  /** runs a vessel action mutation by its GraphQL name */
  const act = async (mutation: string, input: Record<string, unknown>, inputType?: string) => {
    const type =
      inputType ??
      {
        exciseInitial: 'ExciseInitialInput',
        exciseReduceInventory: 'ExciseReduceInput',
        fermenterReduceInventory: 'ExciseReduceInput',
        exciseAdjustInventory: 'ExciseAdjustInput',
        exciseReassignLot: 'ExciseReassignLotInput',
        exciseTransferToUserLicense: 'ExciseDeliverInput',
        exciseTransferToSpiritsLicense: 'ExciseDeliverInput',
        exciseTransferToWineLicense: 'ExciseDeliverInput',
        exciseTransferSite: 'ExciseTransferSiteInput',
        exciseDenature: 'ExciseDenatureInput',
        tankProof: 'TankProofInput',
        caskEmpty: 'CaskEmptyInput',
        caskSetAge: 'CaskSetAgeInput',
      }[mutation] ??
      'ExciseTransferInput';
    const r = await call<Record<string, { refId: string; transactions: Record<string, unknown>[] }>>(
      `mutation($input: ${type}!) { ${mutation}(input: $input) ${POSTING} }`,
      { input },
    );
    return { data: r.data?.[mutation], errors: r.errors };
  };
  const contents = async (entity: 'tank' | 'cask' | 'fermenter' | 'bulkContainer', id: string) => {
    const r = await call<Record<string, { contents: Record<string, unknown> | null }>>(
      `query($id: ID!) { ${entity}(id: $id) { ${CONTENTS} } }`,
      { id },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data![entity].contents;
  };
  return { ...m, call, create, site, rye, gin, tank, cask, act, contents };
}
