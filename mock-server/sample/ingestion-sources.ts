/**
 * The sample's ingestion: two sources (the warehouse on a nightly schedule, the event stream run by hand) with
 * their past runs, each a stored request and result (one failed), and the secret the warehouse recipe names.
 * The secret's stored value stands for an encrypted one; the sample never had the clear text.
 */
import { createHash } from 'node:crypto';
import type { SampleBuilder } from './sample-builder.js';

const MINUTE_MS = 60 * 1000;

interface PastRun {
  id: string;
  daysAgo: number;
  status: 'SUCCESS' | 'FAILURE';
  minutes: number;
  scheduled: boolean;
}

const SOURCES: readonly {
  id: string;
  name: string;
  type: string;
  platform: string;
  schedule?: { interval: string; timezone: string };
  recipe: Record<string, unknown>;
  runs: readonly PastRun[];
}[] = [
  {
    id: 'snowflake-warehouse',
    name: 'Snowflake warehouse',
    type: 'snowflake',
    platform: 'snowflake',
    schedule: { interval: '0 2 * * *', timezone: 'Europe/London' },
    recipe: {
      source: {
        type: 'snowflake',
        config: { account_id: 'shop-eu', username: 'catalog_reader', password: '${SNOWFLAKE_PASSWORD}' },
      },
    },
    runs: [
      { id: 'snowflake-run-3', daysAgo: 1, status: 'SUCCESS', minutes: 12, scheduled: true },
      { id: 'snowflake-run-2', daysAgo: 2, status: 'FAILURE', minutes: 3, scheduled: true },
      { id: 'snowflake-run-1', daysAgo: 3, status: 'SUCCESS', minutes: 14, scheduled: false },
    ],
  },
  {
    id: 'kafka-events',
    name: 'Kafka events',
    type: 'kafka',
    platform: 'kafka',
    recipe: { source: { type: 'kafka', config: { connection: { bootstrap: 'broker.shop.internal:9092' } } } },
    runs: [{ id: 'kafka-run-1', daysAgo: 5, status: 'SUCCESS', minutes: 2, scheduled: false }],
  },
];

const REPORTS: Readonly<Record<PastRun['status'], string>> = {
  SUCCESS: 'Connected to the source.\nExtracted the metadata.\nDone: no failures.',
  FAILURE: 'Connected to the source.\nExtraction stopped: the warehouse refused the query (a timeout).',
};

export function addIngestionSources(b: SampleBuilder): void {
  const admin = b.user('datahub');
  for (const source of SOURCES) {
    const urn = b.urn('dataHubIngestionSource', source.id);
    const recipe = JSON.stringify(source.recipe);
    b.add(urn, 'dataHubIngestionSourceInfo', {
      name: source.name,
      type: source.type,
      platform: b.platform(source.platform),
      ...(source.schedule ? { schedule: source.schedule } : {}),
      config: { recipe, version: '1.3.0', executorId: 'default', debugMode: false },
    });
    for (const run of source.runs) {
      const request = b.urn('dataHubExecutionRequest', run.id);
      const requestedAt = b.stamp(run.daysAgo, admin).time;
      b.add(request, 'dataHubExecutionRequestInput', {
        task: 'RUN_INGEST',
        args: { recipe, version: '1.3.0' },
        executorId: 'default',
        source: { type: run.scheduled ? 'SCHEDULED_INGESTION_SOURCE' : 'MANUAL', ingestionSource: urn },
        requestedAt,
        actorUrn: admin,
      });
      b.add(request, 'dataHubExecutionRequestResult', {
        status: run.status,
        report: REPORTS[run.status],
        startTimeMs: requestedAt + MINUTE_MS,
        durationMs: run.minutes * MINUTE_MS,
      });
    }
  }
  b.add(b.urn('dataHubSecret', 'SNOWFLAKE_PASSWORD'), 'dataHubSecretValue', {
    name: 'SNOWFLAKE_PASSWORD',
    value: createHash('sha256').update('sample secret').digest('base64'),
    description: 'The password of the warehouse catalog reader.',
    created: b.stamp(30, admin),
  });
}
