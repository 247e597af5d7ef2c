/**
 * A full-text search's last word matches as a prefix of the tokens of the fields queried by default, as
 * upstream's SearchQueryBuilder.getPrefixAndExactMatchQuery adds a `match_phrase_prefix` beside the
 * simple query (metadata-io/.../search/elasticsearch/query/request/SearchQueryBuilder.java, v1.3.0.1;
 * `exactMatch.withPrefix` true and the exact and prefix factors in
 * metadata-service/configuration/src/main/resources/application.yaml, v1.3.0.1). A search that is not
 * full text (`fulltext` absent: the REST search action's default in EntityResource.search) matches
 * whole tokens only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadContract, makeUrn } from '../../../spec/index.js';
import { createSearchIndex, type SearchIndex, type SearchRequest } from '../../search/index.js';
import { CatalogStore } from '../../store/catalog-store.js';

const contract = loadContract('svc');
const { urnPrefix } = contract.names;
const ctx = { actor: `${urnPrefix}corpuser:datahub`, now: 1_700_000_000_000 };

const dataset = (platform: string, name: string): string =>
  makeUrn(urnPrefix, 'dataset', [makeUrn(urnPrefix, 'dataPlatform', [platform]), name, 'PROD']);

const ORD = dataset('hive', 'ord');
const ORDERS = dataset('hive', 'orders');
const ORDER_EVENTS = dataset('kafka', 'order_events');
const CUSTOMER_ORDERS = dataset('kafka', 'customer_orders');
const PAYMENTS = dataset('hive', 'payments');

describe('prefix matching of a full-text search', () => {
  let store: CatalogStore;
  let index: SearchIndex;
  const write = (urn: string, aspect: string, value: Record<string, unknown>): void => {
    store.upsertAspect('dataset', urn, aspect, value, ctx);
  };
  const search = (input: string, more: Partial<SearchRequest> = {}) =>
    index.search({ input, entity: 'dataset', start: 0, count: 10, fulltext: true, ...more });
  const urns = (input: string, more: Partial<SearchRequest> = {}): string[] => search(input, more).entities;

  beforeEach(() => {
    index = createSearchIndex(contract);
    store = new CatalogStore({ contract, derived: [index] });
    for (const urn of [ORD, ORDERS, ORDER_EVENTS, CUSTOMER_ORDERS, PAYMENTS])
      write(urn, 'datasetProperties', { description: 'Shop data' });
    write(PAYMENTS, 'datasetProperties', { description: 'Payments of ordinary customers' });
  });

  it('finds the names a last word begins, an exact token first', () => {
    const found = urns('ord');
    expect(found[0]).toBe(ORD);
    expect([...found].sort()).toEqual([ORD, ORDERS, ORDER_EVENTS, CUSTOMER_ORDERS, PAYMENTS].sort());
    expect(search('ord').numEntities).toBe(5);
    // Names rank above a description (boosts), whole or prefix alike.
    expect(found.at(-1)).toBe(PAYMENTS);
  });

  it('reports the field a prefix matched', () => {
    const result = search('order_ev');
    expect(result.entities).toEqual([ORDER_EVENTS]);
    expect(result.metadata.matches[0]!.matchedFields).toContainEqual({ name: 'id', value: 'order_events' });
  });

  it('only the last word is a prefix, the words before it match whole', () => {
    expect(urns('customer ord')).toEqual([CUSTOMER_ORDERS]);
    expect(urns('ord customer')).toEqual([]);
    expect(urns('order eve')).toEqual([ORDER_EVENTS]);
  });

  it('a quoted last word, or a field clause, matches whole', () => {
    expect(urns('"ord"')).toEqual([ORD]);
    expect(urns('ord platform:hive')).toEqual([ORD]);
  });

  it('a search that is not full text matches whole tokens only', () => {
    expect(urns('ord', { fulltext: false })).toEqual([ORD]);
    expect(urns('orde', { fulltext: false })).toEqual([]);
  });

  it('`*` still matches everything', () => {
    expect(search('*').numEntities).toBe(5);
  });

  it('a filter narrows prefix hits', () => {
    const onKafka = { or: [{ and: [{ field: 'platform', value: makeUrn(urnPrefix, 'dataPlatform', ['kafka']) }] }] };
    expect([...urns('orde', { filter: onKafka })].sort()).toEqual([CUSTOMER_ORDERS, ORDER_EVENTS].sort());
    expect(search('orde', { filter: onKafka }).numEntities).toBe(2);
    const notKafka = { or: [{ and: [{ ...onKafka.or[0]!.and[0]!, negated: true }] }] };
    expect(urns('orde', { filter: notKafka })).toEqual([ORDERS]);
  });

  it('follows writes: a new entity and a new name are found by their prefix', () => {
    expect(urns('orde')).toHaveLength(3);
    write(PAYMENTS, 'editableDatasetProperties', { name: 'order_payments' });
    const extra = dataset('s3', 'ordering_log');
    write(extra, 'datasetProperties', { description: 'Log' });
    expect([...urns('orde')].sort()).toEqual([ORDERS, ORDER_EVENTS, CUSTOMER_ORDERS, PAYMENTS, extra].sort());
  });
});
