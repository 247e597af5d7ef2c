/**
 * Containers: the databases, schemas, buckets and folders that hold the sample's datasets, as the SQL,
 * Hive and S3 sources write them (properties, sub type, platform and instance, parent container,
 * browsePathsV2), and
 * each dataset's place in them: its `container`, its `subTypes` and its `browsePathsV2` (the container
 * chain from the top, after the platform instance where there is one; for a Kafka topic, which has no
 * container, the parts of its name). The Snowflake account of each environment is a platform instance.
 */
import { createHash } from 'node:crypto';
import {
  browseEntry,
  browsePathsV2,
  globalTags,
  ownership,
  type BrowsePathEntry,
  type OwnerDefinition,
} from './common-aspects.js';
import { DATASETS, type DatasetDefinition } from './dataset-definitions.js';
import { datasetUrn } from './datasets.js';
import type { TagName } from './glossary-and-tags.js';
import { nameDelimiter } from './platforms.js';
import type { SampleBuilder } from './sample-builder.js';

type Origin = 'PROD' | 'DEV';

interface ContainerDefinition {
  platform: DatasetDefinition['platform'];
  /** Where it is on its platform, parts joined by the platform's delimiter: `analytics.mart`, `bucket/folder`. */
  path: string;
  /** Upstream's container sub types: Database, Schema, S3 bucket, Folder. */
  subType: 'Database' | 'Schema' | 'S3 bucket' | 'Folder';
  description: string;
  origin?: Origin;
  owners: OwnerDefinition[];
  tags?: TagName[];
}

const ENGINEERING: OwnerDefinition[] = [{ owner: 'group:data-engineering', type: 'TECHNICAL_OWNER' }];
const ANALYTICS: OwnerDefinition[] = [
  { owner: 'user:chloe.martin', type: 'TECHNICAL_OWNER' },
  { owner: 'group:analytics', type: 'BUSINESS_OWNER' },
];

const CONTAINERS: readonly ContainerDefinition[] = [
  {
    platform: 'postgres',
    path: 'shop',
    subType: 'Database',
    description: "The shop backend's operational database.",
    owners: [{ owner: 'user:hiro.tanaka', type: 'TECHNICAL_OWNER' }],
  },
  {
    platform: 'postgres',
    path: 'shop.public',
    subType: 'Schema',
    description: 'Customers, products and the reference tables of the shop backend.',
    owners: [{ owner: 'user:hiro.tanaka', type: 'TECHNICAL_OWNER' }],
  },
  {
    platform: 's3',
    path: 'northwind-landing',
    subType: 'S3 bucket',
    description: 'Landing bucket for files delivered by payment and logistics partners.',
    owners: ENGINEERING,
  },
  {
    platform: 's3',
    path: 'northwind-landing/payments',
    subType: 'Folder',
    description: 'Daily exports of the payment provider, one folder per export.',
    owners: ENGINEERING,
  },
  {
    platform: 'hive',
    path: 'clean',
    subType: 'Database',
    description: 'Cleaned, deduplicated copies of the raw sources, partitioned by day.',
    owners: ENGINEERING,
    tags: ['Tier1'],
  },
  {
    platform: 'hive',
    path: 'legacy',
    subType: 'Database',
    description: 'Tables of the first warehouse, kept read-only until their consumers have moved.',
    owners: ENGINEERING,
    tags: ['Legacy'],
  },
  {
    platform: 'snowflake',
    path: 'analytics',
    subType: 'Database',
    description: 'The analytics warehouse analysts and dashboards read from.',
    owners: ANALYTICS,
  },
  {
    platform: 'snowflake',
    path: 'analytics.mart',
    subType: 'Schema',
    description: 'Business-ready marts, rebuilt every night by the marts pipeline.',
    owners: ANALYTICS,
  },
  {
    platform: 'snowflake',
    path: 'analytics_dev',
    subType: 'Database',
    description: 'Development copy of the analytics warehouse, for testing mart changes.',
    origin: 'DEV',
    owners: ANALYTICS,
  },
  {
    platform: 'snowflake',
    path: 'analytics_dev.mart',
    subType: 'Schema',
    description: 'Marts under development.',
    origin: 'DEV',
    owners: ANALYTICS,
  },
];

/** Platform instances: the Snowflake account of each environment. */
const INSTANCES: Partial<Record<ContainerDefinition['platform'], Record<Origin, InstanceDefinition>>> = {
  snowflake: {
    PROD: { id: 'northwind_prod', description: 'The production Snowflake account: the warehouse of record.' },
    DEV: { id: 'northwind_dev', description: 'The development Snowflake account, rebuilt from production weekly.' },
  },
};

interface InstanceDefinition {
  id: string;
  description: string;
}

/** The platform instance of a platform in an environment, if the sample names one. */
function instanceUrn(b: SampleBuilder, platform: ContainerDefinition['platform'], origin: Origin): string | undefined {
  const instance = INSTANCES[platform]?.[origin];
  return instance === undefined ? undefined : b.dataPlatformInstance(platform, instance.id);
}

/** The dataPlatformInstance aspect: the platform, and the instance where there is one. */
function platformInstance(b: SampleBuilder, platform: ContainerDefinition['platform'], origin: Origin) {
  const instance = instanceUrn(b, platform, origin);
  return { platform: b.platform(platform), ...(instance ? { instance } : {}) };
}

/** Datasets that are views rather than tables. */
const VIEWS: ReadonlySet<string> = new Set(['funnel_conversion']);

/** A dataset's sub type as its source names it: a Kafka topic, a Looker explore, a view or a table. */
function datasetSubType(d: DatasetDefinition): string {
  if (d.platform === 'kafka') return 'Topic';
  if (d.platform === 'looker') return 'Explore';
  return VIEWS.has(d.id) ? 'View' : 'Table';
}

/** The container's guid: a digest of its platform, environment and path, as ingestion digests a container's key. */
function containerUrn(b: SampleBuilder, c: ContainerDefinition): string {
  const key = { env: c.origin ?? 'PROD', path: c.path, platform: c.platform };
  return b.container(createHash('md5').update(JSON.stringify(key)).digest('hex'));
}

/** The container at `path` on a platform in an environment, if the sample has one. */
function containerAt(platform: string, path: string, origin: string): ContainerDefinition | undefined {
  return CONTAINERS.find((c) => c.platform === platform && c.path === path && (c.origin ?? 'PROD') === origin);
}

/** The path without its last part (`analytics.mart` of `analytics.mart.daily_revenue`), or undefined at the top. */
function parentPath(platform: ContainerDefinition['platform'], path: string): string | undefined {
  const delimiter = nameDelimiter(platform);
  const at = path.lastIndexOf(delimiter);
  return at > 0 ? path.slice(0, at) : undefined;
}

function parentOf(c: ContainerDefinition): ContainerDefinition | undefined {
  const parent = parentPath(c.platform, c.path);
  return parent === undefined ? undefined : containerAt(c.platform, parent, c.origin ?? 'PROD');
}

/** The containers from the top down to `c`, each as a browse folder. */
function containerChain(b: SampleBuilder, c: ContainerDefinition): BrowsePathEntry[] {
  const parent = parentOf(c);
  return [...(parent ? containerChain(b, parent) : []), browseEntry(containerUrn(b, c))];
}

/** The browse folders above an entity in container `c` (or at the top, when undefined): the platform instance, if any, then the container chain. */
function folders(
  b: SampleBuilder,
  platform: ContainerDefinition['platform'],
  origin: Origin,
  c: ContainerDefinition | undefined,
): BrowsePathEntry[] {
  const instance = instanceUrn(b, platform, origin);
  return [...(instance ? [browseEntry(instance)] : []), ...(c ? containerChain(b, c) : [])];
}

/** The container a dataset is in: the one at its name's parent path. */
function containerOfDataset(d: DatasetDefinition): ContainerDefinition | undefined {
  const parent = parentPath(d.platform, d.name);
  return parent === undefined ? undefined : containerAt(d.platform, parent, d.origin ?? 'PROD');
}

export function addContainers(b: SampleBuilder): void {
  for (const [platform, byOrigin] of Object.entries(INSTANCES) as [
    ContainerDefinition['platform'],
    Record<Origin, InstanceDefinition>,
  ][]) {
    for (const instance of Object.values(byOrigin)) {
      const urn = b.dataPlatformInstance(platform, instance.id);
      b.add(urn, 'dataPlatformInstanceProperties', {
        name: instance.id,
        description: instance.description,
        externalUrl: `https://${instance.id}.${platform}.example.com`,
      });
      b.add(urn, 'ownership', ownership(b, ENGINEERING, b.stamp(720, b.user('hiro.tanaka'))));
      b.add(urn, 'status', { removed: false });
    }
  }
  CONTAINERS.forEach((c, i) => {
    const urn = containerUrn(b, c);
    const created = b.stamp(700 - i * 20, b.user('hiro.tanaka'));
    const name = c.path.split(nameDelimiter(c.platform)).pop() ?? c.path;
    b.add(urn, 'containerProperties', {
      name,
      qualifiedName: c.path,
      description: c.description,
      env: c.origin ?? 'PROD',
      customProperties: { platform: c.platform },
      externalUrl: `https://${c.platform}.example.com/browse/${c.path}`,
      created: { time: created.time },
    });
    b.add(urn, 'subTypes', { typeNames: [c.subType] });
    const origin = c.origin ?? 'PROD';
    b.add(urn, 'dataPlatformInstance', platformInstance(b, c.platform, origin));
    const parent = parentOf(c);
    if (parent) b.add(urn, 'container', { container: containerUrn(b, parent) });
    b.add(urn, 'browsePathsV2', browsePathsV2(folders(b, c.platform, origin, parent)));
    b.add(urn, 'ownership', ownership(b, c.owners, created));
    if (c.tags) b.add(urn, 'globalTags', globalTags(b, c.tags));
    b.add(urn, 'status', { removed: false });
  });
  for (const d of DATASETS) {
    const urn = datasetUrn(b, d.id);
    const c = containerOfDataset(d);
    const origin = d.origin ?? 'PROD';
    if (c) b.add(urn, 'container', { container: containerUrn(b, c) });
    if (instanceUrn(b, d.platform, origin)) b.add(urn, 'dataPlatformInstance', platformInstance(b, d.platform, origin));
    b.add(urn, 'subTypes', { typeNames: [datasetSubType(d)] });
    const nameFolders = d.name
      .split(nameDelimiter(d.platform))
      .slice(0, -1)
      .map((id) => ({ id }));
    b.add(urn, 'browsePathsV2', browsePathsV2(c ? folders(b, d.platform, origin, c) : nameFolders));
  }
}
