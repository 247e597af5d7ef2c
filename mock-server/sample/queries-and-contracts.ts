/**
 * What the orders table's Queries and Contract tabs show, and a connection: two Query entities on
 * clean.orders (one written by hand, one extracted by ingestion), a data contract for it promising a
 * daily freshness assertion, and the Snowflake connection with its settings encrypted as upstream's
 * SecretService stores them.
 */
import { datasetUrn } from './datasets.js';
import type { SampleBuilder } from './sample-builder.js';

/**
 * The connection's settings, `{"account":"shop-prod","warehouse":"ANALYTICS_WH","role":"CATALOG_READER"}`,
 * encrypted (AES-GCM, `v2:` format) under upstream's default encryption key.
 */
const SNOWFLAKE_SETTINGS =
  'v2:682/BI7VceczelZQkn2goAaqAJ1JxEVQ/A2ZVwglD7poPSqM7fGjwHVfNLwybEdcD70cKrmdZUesIqxiclGW6NN529C+kcydEq3uAwKIlYn2SQTga5l2z59bui//Ylko/1E/G7Ru';

const QUERIES = [
  {
    id: 'orders-by-status',
    name: 'Orders by status',
    description: 'How many orders are in each status today.',
    value: 'SELECT order_status, COUNT(*) AS orders FROM clean.orders GROUP BY order_status',
    source: 'MANUAL',
    author: 'dev.patel',
    daysAgo: 12,
    field: 'order_status',
  },
  {
    id: 'daily-revenue-load',
    value:
      'INSERT INTO analytics.mart.daily_revenue SELECT order_date, SUM(total) FROM clean.orders GROUP BY order_date',
    source: 'SYSTEM',
    author: 'datahub',
    daysAgo: 3,
  },
] as const;

export function addQueriesAndContracts(b: SampleBuilder): void {
  const orders = datasetUrn(b, 'orders');
  for (const q of QUERIES) {
    const urn = b.urn('query', q.id);
    const stamp = b.stamp(q.daysAgo, b.urn('corpuser', q.author));
    b.add(urn, 'queryProperties', {
      statement: { value: q.value, language: 'SQL' },
      source: q.source,
      ...('name' in q ? { name: q.name, description: q.description } : {}),
      created: stamp,
      lastModified: stamp,
    });
    const subjects = [{ entity: orders }];
    if ('field' in q) subjects.push({ entity: b.urn('schemaField', orders, q.field) });
    b.add(urn, 'querySubjects', { subjects });
    b.add(urn, 'dataPlatformInstance', { platform: b.platform('hive') });
  }

  const freshness = b.urn('assertion', 'orders-daily-freshness');
  b.add(freshness, 'assertionInfo', {
    type: 'FRESHNESS',
    freshnessAssertion: {
      type: 'DATASET_CHANGE',
      entity: orders,
      schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'DAY', multiple: 1 } },
    },
  });
  const contract = b.urn('dataContract', 'orders');
  b.add(contract, 'dataContractProperties', { entity: orders, freshness: [{ assertion: freshness }] });
  b.add(contract, 'dataContractStatus', { state: 'ACTIVE' });

  const connection = b.urn('dataHubConnection', 'snowflake-prod');
  b.add(connection, 'dataHubConnectionDetails', {
    type: 'JSON',
    name: 'Snowflake (prod)',
    json: { encryptedBlob: SNOWFLAKE_SETTINGS },
  });
  b.add(connection, 'dataPlatformInstance', { platform: b.platform('snowflake') });
}
