import { describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { createBuildQuery } from '../../src/app/data/buildQuery';
import { toInput } from '../../src/app/data/inputs';
import { commonDocuments, customer, documents, entities, product } from './fixtures';
import { documents as generated } from '../../src/generated/operations';

const build = (holdsValues = false) =>
  createBuildQuery({ entities, documents, commonDocuments, holdsValues: () => holdsValues });
const opName = (q: ReturnType<ReturnType<typeof build>>) => print(q.query).split('\n')[0];

describe('buildQuery GET_LIST', () => {
  const params = {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'DESC' },
    filter: { q: 'gin', active: true, caseSize_gte: 6 },
  };
  it('calls the connection query with first, filters, sortKey, reverse and parameters', () => {
    const q = build()('GET_LIST', 'customers', params);
    expect(opName(q)).toContain('query L(');
    expect(q.variables).toEqual({
      first: 25,
      filters: [
        { field: 'active', comparator: 'eq', value: 'true' },
        { field: 'caseSize', comparator: 'ge', value: '6' },
      ],
      sortKey: 'name',
      reverse: true,
      parameters: { search: 'gin' },
    });
  });
  it('takes the page request (after / last) from meta.paging', () => {
    const q = build()('GET_LIST', 'customers', { ...params, meta: { paging: { first: 25, after: 'abc' } } });
    expect(q.variables).toMatchObject({ first: 25, after: 'abc' });
  });
  it('answers nodes, totalCount and the edge cursors', () => {
    const q = build()('GET_LIST', 'customers', params);
    const result = q.parseResponse({
      data: {
        customers2: {
          totalCount: 42,
          pageInfo: { hasNextPage: true, hasPreviousPage: false, endCursor: 'c2' },
          edges: [
            { cursor: 'c1', node: { id: '1', name: 'A' } },
            { cursor: 'c2', node: { id: '2', name: 'B' } },
          ],
        },
      },
    });
    expect(result).toEqual({
      data: [
        { id: '1', name: 'A' },
        { id: '2', name: 'B' },
      ],
      total: 42,
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
      meta: { cursors: ['c1', 'c2'], endCursor: 'c2', totalExact: true },
    });
  });
  it('passes meta.exactCount on and says when the total is only "more than the limit"', () => {
    const q = build()('GET_LIST', 'customers', { ...params, meta: { exactCount: true } });
    expect(q.variables).toMatchObject({ exactCount: true });
    expect(build()('GET_LIST', 'customers', params).variables).not.toHaveProperty('exactCount');
    const result = q.parseResponse({
      data: { customers2: { totalCount: 10_001, totalCountExact: false, pageInfo: {}, edges: [] } },
    });
    expect(result).toMatchObject({ total: 10_001, meta: { totalExact: false } });
  });
  it('getManyReference filters on the reference field', () => {
    const q = build()('GET_MANY_REFERENCE', 'customers', {
      target: 'category',
      id: '9',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(q.variables.filters).toEqual([{ field: 'category', comparator: 'eq', value: '9' }]);
  });
});

describe('buildQuery one record and writes', () => {
  it('GET_ONE asks <name>(id) and fails with NOT_FOUND on null', () => {
    const q = build()('GET_ONE', 'customers', { id: 5 });
    expect(q.variables).toEqual({ id: '5' });
    expect(q.parseResponse({ data: { customer: { id: '5', name: 'A' } } })).toEqual({ data: { id: '5', name: 'A' } });
    expect(() => q.parseResponse({ data: { customer: null } })).toThrow(/not found/);
  });
  it('CREATE sends only input fields', () => {
    const q = build()('CREATE', 'customers', {
      data: {
        id: 'x',
        __typename: 'Customer',
        ref: 'R1',
        name: 'A',
        active: true,
        category: { id: '3', name: 'Bars', __typename: 'Category' },
        creditLimit: 5,
        secret: 's',
        email: '',
      },
    });
    expect(opName(q)).toContain('mutation C(');
    expect(q.variables).toEqual({ input: { name: 'A', active: true, category: '3', email: null } });
  });
  it('CREATE of a record opened from a task sends its activityId (spec 4), and only for such records', () => {
    const params = { data: { name: 'A' }, meta: { activityId: '12' } };
    const tasked = entities.map((e) => (e === customer ? { ...e, completesTask: true } : e));
    const withTask = createBuildQuery({ entities: tasked, documents, commonDocuments, holdsValues: () => false });
    expect(withTask('CREATE', 'customers', params).variables).toEqual({ input: { name: 'A' }, activityId: '12' });
    expect(build()('CREATE', 'customers', params).variables).toEqual({ input: { name: 'A' } });
    // the generated create of a production record declares it; a customer's does not
    expect(generated.mash!.create).toContain('mashCreate(input: $input, activityId: $activityId)');
    expect(generated.customer!.create).not.toContain('activityId');
  });
  it('UPDATE sends id and input; needsValues fields only with the values permission', () => {
    const data = { id: '7', name: 'A', creditLimit: '12.50' };
    expect(build(false)('UPDATE', 'customers', { id: '7', data }).variables).toEqual({ id: '7', input: { name: 'A' } });
    expect(build(true)('UPDATE', 'customers', { id: '7', data }).variables).toEqual({
      id: '7',
      input: { name: 'A', creditLimit: 12.5 },
    });
  });
  it('DELETE uses objectDelete and fails on its error', () => {
    const q = build()('DELETE', 'customers', { id: '7', previousData: { id: '7', name: 'A' } });
    expect(q.variables).toEqual({ id: '7' });
    expect(q.parseResponse({ data: { objectDelete: { id: '7', error: null } } })).toEqual({
      data: { id: '7', name: 'A' },
    });
    expect(() => q.parseResponse({ data: { objectDelete: { id: '7', error: 'In use' } } })).toThrow('In use');
  });
  it('DELETE_MANY uses objectsDelete and answers the deleted ids', () => {
    const q = build()('DELETE_MANY', 'customers', { ids: [1, 2, 3] });
    expect(q.variables).toEqual({ ids: ['1', '2', '3'] });
    const r = q.parseResponse({
      data: {
        objectsDelete: [
          { id: '1', error: null },
          { id: '2', error: 'In use' },
          { id: '3', error: '' },
        ],
      },
    });
    expect(r).toEqual({ data: [1, 3], meta: { failures: [{ id: '2', error: 'In use' }] } });
    // a server answering only the failures reads the same
    expect(q.parseResponse({ data: { objectsDelete: [{ id: '2', error: 'In use' }] } })).toMatchObject({
      data: [1, 3],
    });
  });
  it('refuses unknown resources and GET_MANY (answered by getOne per id)', () => {
    expect(() => build()('GET_LIST', 'nope', {})).toThrow(/Unknown resource/);
    expect(() => build()('GET_MANY', 'customers', { ids: [1] })).toThrow(/not supported/);
  });
});

describe('toInput', () => {
  it('sends lines whole with their ids, without read-only line fields or __typename, refs as ids', () => {
    const input = toInput(
      product,
      {
        name: 'Gin',
        caseSize: '12',
        bom: [
          {
            __typename: 'ProductBomLine',
            id: '77',
            name: 'Bottle',
            quantity: 1,
            item: { id: '4', name: 'Glass' },
            computed: 3,
          },
          { name: 'Cork', quantity: '', item: null },
        ],
      },
      { holdsValues: false },
    );
    expect(input).toEqual({
      name: 'Gin',
      caseSize: 12,
      bom: [
        // a line keeps its id, so the server changes it in place; a new line has none
        { id: '77', name: 'Bottle', quantity: 1, item: '4' },
        { name: 'Cork', quantity: null, item: null },
      ],
    });
  });
  it('trims string lists and writes dates as yyyy-MM-dd', () => {
    expect(toInput(customer, { tags: [' a ', '', 'b'], since: new Date(2024, 0, 31) }, { holdsValues: true })).toEqual({
      tags: ['a', 'b'],
      since: '2024-01-31',
    });
  });
});
