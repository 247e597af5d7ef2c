/**
 * The run's own catalog data (written only with --allow-writes): datasets, a tag and an owner whose
 * URNs carry the run id, lineage between two of the datasets, and time series points in early 1970;
 * the URNs of the run's entity of each kind some checks write themselves; the pattern of the run's
 * dataset URNs. Everything the run wrote is soft-deleted at the end (cleanUp), whatever the checks did.
 */
import { createHash } from 'node:crypto';
import { makeUrn, parseUrn } from '../spec/index.js';
import { fail } from './check-failure.js';
import type { CatalogClient } from './client.js';

/** Offsets from the run's time base of the time series points the reads checks use. */
export const PROFILE_OFFSETS = [1000, 2000, 3000] as const;

/** Time series slots of 100 s each in January 1970, one per run id, so runs do not count each other's points. */
const SLOT_MS = 100_000;
const SLOTS = 20_000;

export class RunFixture {
  /** Why writing the fixture failed, if it did (checks that need it are skipped). */
  failure: string | undefined;
  cleanUpFailure: string | undefined;
  /** What the clean-up was told not to soft-delete. */
  readonly leftBehind: string[] = [];
  private readonly written = new Set<string>();

  constructor(
    private readonly client: CatalogClient,
    readonly runId: string,
  ) {}

  /** Start of the run's time series slot, in early 1970 (far from any real data). */
  get timeBase(): number {
    const n = createHash('sha256').update(this.runId).digest().readUInt32BE(0) % SLOTS;
    return SLOT_MS * (10 + n);
  }

  /** Timestamps of the datasetProfile points written on `orders`. */
  get profileTimes(): number[] {
    return PROFILE_OFFSETS.map((offset) => this.timeBase + offset);
  }

  private get urnPrefix(): string {
    return this.client.settings.contract.names.urnPrefix;
  }

  dataset(name: string): string {
    const platform = makeUrn(this.urnPrefix, 'dataPlatform', ['hive']);
    return makeUrn(this.urnPrefix, 'dataset', [platform, `conformance_${this.runId}.${name}`, 'PROD']);
  }

  /** Downstream of `customers`, tagged and owned; carries the time series points. */
  get orders(): string {
    return this.dataset('orders');
  }

  get customers(): string {
    return this.dataset('customers');
  }

  /** Soft-deleted and restored by the lifecycle checks. */
  get returns(): string {
    return this.dataset('returns');
  }

  get tag(): string {
    return makeUrn(this.urnPrefix, 'tag', [`conformance_${this.runId}`]);
  }

  get owner(): string {
    return makeUrn(this.urnPrefix, 'corpuser', [`conformance_${this.runId}`]);
  }

  /**
   * The run's entity of each kind the identifier and aspect-shape checks write (status, the aspects
   * of 2.3), apart from the entities above so that what those checks write changes no other check's
   * expectations. A data platform is never written: it has no status aspect to soft-delete it with.
   */
  kind(entityType: string): string {
    const id = `conformance_${this.runId}`;
    const urns: Record<string, string> = {
      dataset: this.dataset('shapes'),
      corpuser: this.owner,
      corpGroup: makeUrn(this.urnPrefix, 'corpGroup', [id]),
      chart: makeUrn(this.urnPrefix, 'chart', ['conformance', `${id}.chart`]),
      dashboard: makeUrn(this.urnPrefix, 'dashboard', ['conformance', `${id}.dashboard`]),
      // Not `<run tag>.<...>`: a search for the run's tag name must not find what carries this one.
      tag: makeUrn(this.urnPrefix, 'tag', [`shapes_${id}`]),
      glossaryTerm: makeUrn(this.urnPrefix, 'glossaryTerm', [id]),
    };
    return urns[entityType] ?? fail(`the run writes no ${entityType} entity`);
  }

  /** The pattern (SQL LIKE, as upstream's restoreIndices takes it) of every dataset URN of the run. */
  get datasetPattern(): string {
    return this.dataset('%').replace(/%,PROD\)$/, '%');
  }

  /** A word that appears only in the run's descriptions (full-text search). */
  get word(): string {
    return `word${this.runId}`;
  }

  get browseRoot(): string {
    return `/conformance/${this.runId}`;
  }

  /** Every URN the run wrote so far. */
  get urns(): string[] {
    return [...this.written];
  }

  /** Remembers a URN the run caused to be written some other way (GraphQL), for the clean-up. */
  track(urn: string): void {
    this.written.add(urn);
  }

  /** Sends one UPSERT proposal of `aspect` (an object) and fails unless it is accepted. */
  async upsert(urn: string, aspectName: string, aspect: unknown): Promise<void> {
    const { entityType } = parseUrn(urn);
    this.written.add(urn);
    const res = await this.client.call('ingestProposal', {
      body: {
        proposal: {
          entityType,
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName,
          aspect: { value: JSON.stringify(aspect), contentType: 'application/json' },
        },
      },
    });
    if (res.status !== 200)
      fail(`ingestProposal ${aspectName} of ${urn} answered ${res.status}: ${res.text.slice(0, 300)}`);
  }

  private datasetProperties(name: string, created: number): Record<string, unknown> {
    return {
      name: `${name}_${this.runId}`,
      description: `The ${name} table of conformance run ${this.runId}, ${this.word}.`,
      created: { time: created },
    };
  }

  async write(): Promise<void> {
    try {
      const stamp = { time: 1000, actor: this.owner };
      await this.upsert(this.tag, 'tagProperties', {
        name: `conformance_${this.runId}`,
        description: `Tag of conformance run ${this.runId}`,
      });
      await this.upsert(this.customers, 'datasetProperties', this.datasetProperties('customers', 2000));
      await this.upsert(this.customers, 'browsePaths', { paths: [`${this.browseRoot}/customers`] });
      await this.upsert(this.orders, 'datasetProperties', this.datasetProperties('orders', 1000));
      await this.upsert(this.orders, 'browsePaths', { paths: [`${this.browseRoot}/orders`] });
      await this.upsert(this.orders, 'schemaMetadata', {
        schemaName: 'orders',
        platform: makeUrn(this.urnPrefix, 'dataPlatform', ['hive']),
        version: 0,
        hash: '',
        platformSchema: { [`${this.client.settings.contract.names.recordPrefix}schema.MySqlDDL`]: { tableSchema: '' } },
        fields: [
          {
            fieldPath: 'order_id',
            nativeDataType: 'bigint',
            type: { type: { [`${this.client.settings.contract.names.recordPrefix}schema.NumberType`]: {} } },
          },
          {
            fieldPath: 'amount',
            nativeDataType: 'decimal',
            type: { type: { [`${this.client.settings.contract.names.recordPrefix}schema.NumberType`]: {} } },
          },
        ],
      });
      await this.upsert(this.orders, 'globalTags', { tags: [{ tag: this.tag }] });
      await this.upsert(this.orders, 'ownership', {
        owners: [{ owner: this.owner, type: 'DATAOWNER' }],
        lastModified: stamp,
      });
      await this.upsert(this.orders, 'upstreamLineage', {
        upstreams: [{ auditStamp: stamp, dataset: this.customers, type: 'TRANSFORMED' }],
      });
      await this.upsert(this.returns, 'datasetProperties', this.datasetProperties('returns', 3000));
      await this.upsert(this.returns, 'browsePaths', { paths: [`${this.browseRoot}/returns`] });
      for (const t of this.profileTimes)
        await this.upsert(this.orders, 'datasetProfile', { timestampMillis: t, rowCount: 100, columnCount: 2 });
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
    }
  }

  /** Soft-deletes every entity the run wrote; once `leave` is aborted, the rest are left behind. */
  async cleanUp(leave?: AbortSignal): Promise<void> {
    const problems: string[] = [];
    for (const urn of this.written) {
      if (leave?.aborted) {
        this.leftBehind.push(urn);
        continue;
      }
      try {
        await this.upsert(urn, 'status', { removed: true });
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (problems.length) this.cleanUpFailure = `soft delete at the end of the run failed: ${problems.join('; ')}`;
  }
}
