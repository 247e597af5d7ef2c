/**
 * What every domain file of the sample catalog shares: URNs and record names built from the
 * contract's namespace (so one sample serves `svc` and `li`), audit stamps reckoned from the reference
 * time, and the list of proposals being built.
 */
import type { Contract } from '../../spec/index.js';
import { makeUrn, parseUrn } from '../../spec/index.js';
import { DAY_MS } from '../ingest/reference-day.js';

export interface SampleProposal {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT';
  aspectName: string;
  aspect: Record<string, unknown>;
  /** When the write was observed: the time of the aspect version it makes (the reference time without it). */
  systemMetadata?: { lastObserved: number };
}

export interface AuditStamp {
  time: number;
  actor: string;
}

export class SampleBuilder {
  readonly proposals: SampleProposal[] = [];

  /** `referenceTime` is the sample's "now" (`../ingest/reference-day.ts`): every time in it is reckoned from it. */
  constructor(
    readonly contract: Contract,
    readonly referenceTime: number,
  ) {}

  urn(entityType: string, ...parts: string[]): string {
    return makeUrn(this.contract.names.urnPrefix, entityType, parts);
  }

  /** The URN builder of one entity type whose key parts are given as they are. */
  private urnOf<Parts extends string[]>(entityType: string): (...parts: Parts) => string {
    return (...parts) => this.urn(entityType, ...parts);
  }

  readonly user = this.urnOf<[username: string]>('corpuser');
  readonly group = this.urnOf<[name: string]>('corpGroup');
  readonly tag = this.urnOf<[name: string]>('tag');
  readonly term = this.urnOf<[name: string]>('glossaryTerm');
  readonly glossaryNode = this.urnOf<[name: string]>('glossaryNode');
  readonly platform = this.urnOf<[name: string]>('dataPlatform');
  readonly chart = this.urnOf<[tool: string, chartId: string]>('chart');
  readonly dashboard = this.urnOf<[tool: string, dashboardId: string]>('dashboard');
  readonly container = this.urnOf<[guid: string]>('container');
  readonly domain = this.urnOf<[id: string]>('domain');
  readonly dataProduct = this.urnOf<[id: string]>('dataProduct');
  readonly application = this.urnOf<[id: string]>('application');
  readonly structuredProperty = this.urnOf<[qualifiedName: string]>('structuredProperty');
  readonly post = this.urnOf<[id: string]>('post');
  readonly mlFeature = this.urnOf<[featureNamespace: string, name: string]>('mlFeature');
  readonly mlPrimaryKey = this.urnOf<[featureNamespace: string, name: string]>('mlPrimaryKey');

  dataFlow(orchestrator: string, flowId: string, cluster = 'prod'): string {
    return this.urn('dataFlow', orchestrator, flowId, cluster);
  }

  dataJob(flowUrn: string, jobId: string): string {
    return this.urn('dataJob', flowUrn, jobId);
  }

  dataPlatformInstance(platform: string, instance: string): string {
    return this.urn('dataPlatformInstance', this.platform(platform), instance);
  }

  mlModel(platform: string, name: string, origin = 'PROD'): string {
    return this.urn('mlModel', this.platform(platform), name, origin);
  }

  mlModelGroup(platform: string, name: string, origin = 'PROD'): string {
    return this.urn('mlModelGroup', this.platform(platform), name, origin);
  }

  mlFeatureTable(platform: string, name: string): string {
    return this.urn('mlFeatureTable', this.platform(platform), name);
  }

  dataset(platform: string, name: string, origin = 'PROD'): string {
    return this.urn('dataset', this.platform(platform), name, origin);
  }

  /** A fully qualified record name in the namespace, e.g. `schema.StringType`; used as a union key. */
  record(shortName: string): string {
    return `${this.contract.names.recordPrefix}${shortName}`;
  }

  /** An audit stamp `daysAgo` days before the reference time. */
  stamp(daysAgo: number, actor: string): AuditStamp {
    return { time: this.referenceTime - daysAgo * DAY_MS, actor };
  }

  /** Queues an UPSERT of one aspect; the entity type is the URN's; written at the reference time unless `observed` is given. */
  add(entityUrn: string, aspectName: string, aspect: Record<string, unknown>, observed?: AuditStamp): void {
    this.proposals.push({
      entityType: parseUrn(entityUrn).entityType,
      entityUrn,
      changeType: 'UPSERT',
      aspectName,
      aspect,
      ...(observed ? { systemMetadata: { lastObserved: observed.time } } : {}),
    });
  }
}
