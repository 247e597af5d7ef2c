/**
 * The data platforms the sample's datasets, charts and dashboards live on, with the platform facts
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
} as const;

export type PlatformName = keyof typeof PLATFORMS;

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
