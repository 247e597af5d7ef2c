/**
 * The data platforms the sample's datasets, charts, dashboards, pipelines and ML assets live on, with the platform facts
 * upstream ships in its bootstrap catalog (type and dataset name delimiter).
 */
import type { SampleBuilder } from './sample-builder.js';

const PLATFORMS = {
  hive: { displayName: 'Hive', type: 'FILE_SYSTEM', datasetNameDelimiter: '.' },
  kafka: { displayName: 'Kafka', type: 'MESSAGE_BROKER', datasetNameDelimiter: '.' },
  snowflake: { displayName: 'Snowflake', type: 'RELATIONAL_DB', datasetNameDelimiter: '.' },
  postgres: { displayName: 'PostgreSQL', type: 'RELATIONAL_DB', datasetNameDelimiter: '.' },
  s3: { displayName: 'AWS S3', type: 'FILE_SYSTEM', datasetNameDelimiter: '/' },
  looker: { displayName: 'Looker', type: 'OTHERS', datasetNameDelimiter: '.' },
  superset: { displayName: 'Superset', type: 'OTHERS', datasetNameDelimiter: '.' },
  airflow: { displayName: 'Airflow', type: 'OTHERS', datasetNameDelimiter: '.' },
  mlflow: { displayName: 'MLflow', type: 'OTHERS', datasetNameDelimiter: '.' },
  feast: { displayName: 'Feast', type: 'OTHERS', datasetNameDelimiter: '.' },
} as const;

export type PlatformName = keyof typeof PLATFORMS;

/** What separates the parts of a dataset name on the platform (a database from its schema, a bucket from a folder). */
export function nameDelimiter(platform: PlatformName): string {
  return PLATFORMS[platform].datasetNameDelimiter;
}

export function addPlatforms(b: SampleBuilder): void {
  for (const [name, platform] of Object.entries(PLATFORMS)) {
    b.add(b.platform(name), 'dataPlatformInfo', {
      name,
      displayName: platform.displayName,
      type: platform.type,
      datasetNameDelimiter: platform.datasetNameDelimiter,
      logoUrl: `https://assets.example.com/platforms/${name}.png`,
    });
  }
}
