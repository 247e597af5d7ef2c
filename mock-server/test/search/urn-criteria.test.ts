/**
 * A filter whose every alternative holds an EQUAL criterion on `urn` naming only URNs of other entity types (or
 * none) has no hit of a type: the search answers as one whose URNs the catalog lacks, after checking the input as
 * every search does. Upstream's SiblingsSearchResolver (datahub-graphql-core/.../resolvers/siblings/
 * SiblingsSearchResolver.java, v1.3.0.1) asks such a search of every entity type for each entity of a page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { contract, ctx, datasetUrn, indexedDatasets } from '../search-harness.js';
import type { SearchIndex, SearchRequest } from '../../search/index.js';
import type { Criterion } from '../../search/requests.js';

const { urnPrefix } = contract.names;
const ORDERS = datasetUrn('hive', 'orders');
const PAYMENTS = datasetUrn('hive', 'payments');
const CHART = `${urnPrefix}chart:(looker,orders_chart)`;
const MISSING_DATASET = datasetUrn('hive', 'not_in_the_catalog');
const MISSING_CHART = `${urnPrefix}chart:(looker,not_in_the_catalog)`;

const urnIs = (...values: string[]): Criterion => ({ field: 'urn', values, condition: 'EQUAL' });
const only = (...and: Criterion[]) => ({ or: [{ and }] });

describe('a filter on URNs of other entity types', () => {
  let index: SearchIndex;
  const search = (entity: string, filter: SearchRequest['filter'], more: Partial<SearchRequest> = {}) =>
    index.search({ input: 'orders', entity, start: 0, count: 10, filter, ...more });

  beforeEach(() => {
    const built = indexedDatasets([ORDERS, PAYMENTS], 'orders and payments');
    index = built.index;
    const stamp = { time: 0, actor: ctx.actor };
    built.store.upsertAspect(
      'chart',
      CHART,
      'chartInfo',
      { title: 'orders chart', description: 'orders', lastModified: { created: stamp, lastModified: stamp } },
      ctx,
    );
  });

  it('has no hit of the type, as a filter on URNs of the type that the catalog lacks', () => {
    const empty = search('chart', only(urnIs(MISSING_CHART)));
    expect(empty.numEntities).toBe(0);
    expect(search('chart', only(urnIs(ORDERS, PAYMENTS)))).toEqual(empty);
    expect(search('chart', only(urnIs()))).toEqual(empty);
    expect(search('dataset', only(urnIs(CHART)), { input: '*', start: 5, count: 3 })).toEqual(
      search('dataset', only(urnIs(MISSING_DATASET)), { input: '*', start: 5, count: 3 }),
    );
    expect(search('chart', { criteria: [urnIs(ORDERS)] })).toEqual(empty);
  });

  it('keeps the hits a URN of the type, another alternative or a negation lets through', () => {
    expect(search('dataset', only(urnIs(CHART, ORDERS))).entities).toEqual([ORDERS]);
    expect(search('chart', only(urnIs(ORDERS, CHART))).entities).toEqual([CHART]);
    expect(search('chart', { or: [{ and: [urnIs(ORDERS)] }, { and: [] }] }).entities).toEqual([CHART]);
    expect(search('dataset', only({ ...urnIs(CHART), negated: true })).numEntities).toBe(2);
    expect(search('dataset', only({ field: 'urn', values: [CHART], condition: 'CONTAIN' })).numEntities).toBe(0);
    expect(search('dataset', only({ field: 'urn', values: ['orders'], condition: 'CONTAIN' })).entities).toEqual([
      ORDERS,
    ]);
  });

  it('still refuses a criterion on a field the type lacks, naming it', () => {
    expect(() => search('chart', only(urnIs(ORDERS), { field: 'noSuchField', value: 'x' }))).toThrow(/noSuchField/);
    expect(() => search('chart', only(urnIs(ORDERS)), { input: 'noSuchField:x' })).toThrow(/noSuchField/);
  });

  it('answers a match-everything query of URN equalities at once, and still refuses any other condition', () => {
    const star = { input: '*', start: 0, count: 10 };
    expect(search('chart', only(urnIs(ORDERS)), star)).toEqual(search('chart', only(urnIs(MISSING_CHART)), star));
    expect(search('chart', only(urnIs(ORDERS, CHART)), star).entities).toEqual([CHART]);
    expect(() =>
      search(
        'chart',
        only(urnIs(ORDERS), { field: 'urn', value: ORDERS, condition: 'NO_SUCH_CONDITION' as Criterion['condition'] }),
        star,
      ),
    ).toThrow(/NO_SUCH_CONDITION/);
  });
});
