/**
 * The data platforms the sample's datasets, charts, dashboards, pipelines and ML assets live on, with the platform facts
 * upstream ships in its bootstrap catalog (type, dataset name delimiter, and the logo's address: the path under which
 * DataHub's web app serves its platform logos, as metadata-service/configuration/src/main/resources/bootstrap_mcps/
 * data-platforms.yaml at v1.3.0.1 names them, so the app shows them when it runs against the mock).
 */
import type { SampleBuilder } from './sample-builder.js';

const PLATFORMS = {
  hive: { logo: 'hivelogo.png', displayName: 'Hive', type: 'FILE_SYSTEM', datasetNameDelimiter: '.' },
  kafka: { logo: 'kafkalogo.png', displayName: 'Kafka', type: 'MESSAGE_BROKER', datasetNameDelimiter: '.' },
  snowflake: { logo: 'snowflakelogo.png', displayName: 'Snowflake', type: 'RELATIONAL_DB', datasetNameDelimiter: '.' },
  postgres: { logo: 'postgreslogo.png', displayName: 'PostgreSQL', type: 'RELATIONAL_DB', datasetNameDelimiter: '.' },
  s3: { logo: 's3.png', displayName: 'AWS S3', type: 'FILE_SYSTEM', datasetNameDelimiter: '/' },
  looker: { logo: 'lookerlogo.svg', displayName: 'Looker', type: 'OTHERS', datasetNameDelimiter: '.' },
  superset: { logo: 'supersetlogo.png', displayName: 'Superset', type: 'OTHERS', datasetNameDelimiter: '.' },
  airflow: { logo: 'airflowlogo.png', displayName: 'Airflow', type: 'OTHERS', datasetNameDelimiter: '.' },
  mlflow: { logo: 'mlflowlogo2.png', displayName: 'MLflow', type: 'OTHERS', datasetNameDelimiter: '.' },
  feast: { logo: 'feastlogo.png', displayName: 'Feast', type: 'OTHERS', datasetNameDelimiter: '.' },
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
      logoUrl: `assets/platforms/${platform.logo}`,
    });
  }
}
