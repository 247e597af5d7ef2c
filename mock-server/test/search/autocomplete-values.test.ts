import { describe, expect, it } from 'vitest';
import type { AutocompleteRequest } from '../../search/index.js';
import { ctx, datasetUrn, indexedDatasets, writeNumberedDatasets } from '../search-harness.js';

// A prefix matched by a thousand values or more is served by a walk of the ranked suggestions
// that tests the values themselves; matches and near misses must be decided exactly as the token
// index decides them: case, words within words, and letters that lower-case to ASCII (the Kelvin
// sign K to k) among other non-ASCII values.
function catalog(names: string[]): (query: string, more?: Partial<AutocompleteRequest>) => string[] {
  const { store, index } = indexedDatasets([], '');
  store.transaction(() => {
    for (const prefix of ['orders', 'kafka', 'sales_orders']) writeNumberedDatasets(store, prefix, 1_000);
    for (const name of names)
      store.upsertAspect('dataset', datasetUrn('hive', name), 'datasetProperties', { name }, ctx);
  });
  return (query, more = {}) => index.autocomplete({ query, entity: 'dataset', limit: 10, ...more }).suggestions;
}

describe('autocomplete of a broad prefix among values that look alike', () => {
  it('keeps whole tokens and token prefixes in any case, never a word inside another', () => {
    const suggest = catalog([
      'ORDERS',
      'bordersx',
      'xorders',
      'Orders1',
      'OrdersDaily',
      'kafkaesque',
      'akafka',
      'Kafka_Orders',
      'salesx_orders',
    ]);
    expect(suggest('orders', { limit: 5 })).toEqual(['ORDERS', 'Orders1', 'orders_0', 'orders_1', 'orders_2']);
    expect(suggest('ord', { start: 10, limit: 4 })).toEqual(['orders_8', 'orders_9', 'orders_10', 'orders_11']);
    expect(suggest('orders daily')).toEqual(['OrdersDaily']);
    expect(suggest('kafka ord')).toEqual(['Kafka_Orders']);
    expect(suggest('kafka', { limit: 3 })).toEqual(['kafka_0', 'kafka_1', 'kafka_2']);
    expect(suggest('kafkaes')).toEqual(['kafkaesque']);
    expect(suggest('sales orders', { limit: 2 })).toEqual(['sales_orders_0', 'sales_orders_1']);
  });

  it('suggests non-ASCII values, and one whose letters lower-case to the query', () => {
    const suggest = catalog(['orders_ü', '\u212Aafka', 'ÖRDERS']);
    expect(suggest('kafka', { limit: 3 })).toEqual(['\u212Aafka', 'kafka_0', 'kafka_1']);
    expect(suggest('ord', { start: 10, limit: 3 })).toEqual(['orders_ü', 'orders_10', 'orders_11']);
    expect(suggest('örd')).toEqual(['ÖRDERS']);
  });
});
