import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContract, parseUrn, valuesAt, type Namespace } from '../../../spec/index.js';
import { SchemaValidators } from '../../../spec/validation.js';
import { systemEntities } from '../../ingest/system-entities.js';
import { sampleCatalog, type SampleProposal } from '../../sample/index.js';

const DAY_MS = 86_400_000;
const REFERENCE_TIME = Date.UTC(2026, 10, 1);

/** Every string anywhere in a JSON value (keys included), e.g. to find URNs and record names. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}

describe.each<Namespace>(['svc', 'li'])('sample catalog (namespace %s)', (ns) => {
  const contract = loadContract(ns);
  const proposals = sampleCatalog(contract, REFERENCE_TIME);
  const validators = new SchemaValidators();

  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes only aspects the registry allows for the entity', () => {
    const rejected = proposals
      .filter((p) => !contract.entity(p.entityType)?.aspects.includes(p.aspectName))
      .map((p) => `${p.entityType}/${p.aspectName}`);
    expect([...new Set(rejected)]).toEqual([]);
  });

  it('gives every aspect a schema and validates against it', () => {
    const rejected = proposals.flatMap((p) => {
      const spec = contract.aspects.get(p.aspectName);
      if (!spec) return [`${p.aspectName}: no schema`];
      return validators.validate(spec.schema, p.aspect, `${p.entityUrn} ${p.aspectName}`);
    });
    expect(rejected).toEqual([]);
  });

  it('names every entity in the namespace, with URNs the entity type matches', () => {
    const other = ns === 'svc' ? loadContract('li').names : loadContract('svc').names;
    const text = strings(proposals);
    expect(text.filter((s) => s.includes(other.urnPrefix) || s.startsWith(other.recordPrefix))).toEqual([]);
    for (const p of proposals) {
      expect(p.entityUrn.startsWith(`${contract.names.urnPrefix}${p.entityType}:`), p.entityUrn).toBe(true);
      expect(p.changeType).toBe('UPSERT');
    }
  });

  it('is deterministic and independent of the clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2031-02-03T04:05:06Z'));
    expect(sampleCatalog(contract, REFERENCE_TIME)).toEqual(proposals);
  });

  it('reckons every time from the reference time: a later day moves each of them, and nothing else, by as much', () => {
    // Four weeks later: the same weekdays, whose rhythm sets the day's activity.
    const DECADE_MS = 3653 * DAY_MS;
    // Every number within ten years before the reference time is a time of the sample; nothing else comes near.
    const moved = (value: unknown, by: number): unknown => {
      if (typeof value === 'number')
        return value > REFERENCE_TIME - DECADE_MS && value <= REFERENCE_TIME ? value + by : value;
      if (Array.isArray(value)) return value.map((v) => moved(v, by));
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, moved(v, by)]));
      return value;
    };
    const later = 28 * DAY_MS;
    const times = JSON.stringify(proposals).match(/\b1\d{12}\b/g) ?? [];
    expect(times.length).toBeGreaterThan(300);
    expect(sampleCatalog(contract, REFERENCE_TIME + later)).toEqual(moved(proposals, later));
  });

  it.each([
    { given: 'corpuser', want: 10 },
    { given: 'corpGroup', want: 3 },
    { given: 'dataset', want: 12 },
    { given: 'chart', want: 4 },
    { given: 'dashboard', want: 2 },
    { given: 'tag', want: 3 },
    { given: 'glossaryTerm', want: 3 },
    { given: 'glossaryNode', want: 1 },
    { given: 'dataPlatform', want: 5 },
    { given: 'test', want: 2 },
  ])('holds at least $want entities of type $given', ({ given, want }) => {
    const urns = new Set(proposals.filter((p) => p.entityType === given).map((p) => p.entityUrn));
    expect(urns.size).toBeGreaterThanOrEqual(want);
  });

  it("gives each platform the logo address DataHub's web app serves it under (bootstrap data-platforms.yaml)", () => {
    const logos = Object.fromEntries(
      proposals
        .filter((p) => p.aspectName === 'dataPlatformInfo')
        .map((p) => [parseUrn(p.entityUrn).parts[0], p.aspect.logoUrl]),
    );
    expect(logos).toMatchObject({ hive: 'assets/platforms/hivelogo.png', looker: 'assets/platforms/lookerlogo.svg' });
    expect(Object.values(logos).every((url) => String(url).startsWith('assets/platforms/'))).toBe(true);
  });

  it('describes every data platform its datasets, charts and dashboards use', () => {
    const platforms = new Set(proposals.filter((p) => p.aspectName === 'dataPlatformInfo').map((p) => p.entityUrn));
    const used = proposals.flatMap((p) => {
      if (p.aspectName === 'schemaMetadata') return [String(p.aspect.platform)];
      if (p.entityType === 'chart' || p.entityType === 'dashboard')
        return [`${contract.names.urnPrefix}dataPlatform:${parseUrn(p.entityUrn).parts[0]}`];
      return [];
    });
    expect(used.filter((u) => !platforms.has(u))).toEqual([]);
  });

  it('exercises every relationship the spec defines for the catalog entity types', () => {
    const types = ['dataset', 'chart', 'dashboard', 'corpuser', 'corpGroup', 'glossaryTerm', 'glossaryNode', 'tag'];
    const defined = new Set(
      types.flatMap((t) =>
        (contract.entity(t)?.aspects ?? []).flatMap(
          (a) => contract.aspects.get(a)?.relationships.map((r) => r.name) ?? [],
        ),
      ),
    );
    const present = new Set(
      proposals.flatMap(
        (p) =>
          contract.aspects
            .get(p.aspectName)
            ?.relationships.filter((r) => valuesAt(p.aspect, r.path).length > 0)
            .map((r) => r.name) ?? [],
      ),
    );
    expect([...defined].filter((name) => !present.has(name)).sort()).toEqual([]);
  });

  it('points every relationship at an entity of the sample or one every store boots with (roles, policies)', () => {
    const booted = systemEntities(contract, REFERENCE_TIME);
    const entities = new Set([...proposals, ...booted].map((p) => p.entityUrn));
    const dangling = proposals.flatMap((p) =>
      (contract.aspects.get(p.aspectName)?.relationships ?? []).flatMap((r) =>
        valuesAt(p.aspect, r.path)
          .map(String)
          // Destinations that are not registry entities (schema fields, ownership types) exist only as URNs.
          .filter((urn) => contract.entity(parseUrn(urn).entityType) && !entities.has(urn))
          .map((urn) => `${p.entityUrn} ${r.name} ${urn}`),
      ),
    );
    expect(dangling).toEqual([]);
  });

  it('gives every filterable field it writes several values, so aggregations have several buckets', () => {
    const single = [...new Set(proposals.map((p) => p.aspectName))].flatMap((name) =>
      (contract.aspects.get(name)?.searchable ?? [])
        .filter((f) => f.addToFilters)
        .filter(
          (f) =>
            new Set(
              proposals.filter((p) => p.aspectName === name).flatMap((p) => valuesAt(p.aspect, f.path).map(String)),
            ).size < 2,
        )
        .map((f) => `${name}.${f.fieldName}`),
    );
    expect(single).toEqual([]);
  });

  it('spreads datasets over several platforms and environments, for browse', () => {
    const keys = [...new Set(proposals.filter((p) => p.entityType === 'dataset').map((p) => p.entityUrn))].map(
      (urn) => parseUrn(urn).parts,
    );
    expect(new Set(keys.map(([platform]) => platform)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(keys.map(([, , origin]) => origin)).size).toBeGreaterThanOrEqual(2);
  });

  it('soft-deletes exactly one dataset and keeps the others active', () => {
    const status = proposals.filter((p) => p.entityType === 'dataset' && p.aspectName === 'status');
    expect(status.filter((p) => p.aspect.removed === true)).toHaveLength(1);
    expect(status.filter((p) => p.aspect.removed === false).length).toBeGreaterThanOrEqual(11);
  });

  it('gives each time series dataset 30 daily points ending at the reference time', () => {
    const series = new Map<string, SampleProposal[]>();
    for (const p of proposals.filter((p) => contract.aspects.get(p.aspectName)?.kind === 'timeseries')) {
      const key = `${p.entityUrn} ${p.aspectName}`;
      series.set(key, [...(series.get(key) ?? []), p]);
    }
    const datasets = (aspect: string) => new Set([...series.keys()].filter((k) => k.endsWith(` ${aspect}`)));
    expect(datasets('datasetProfile').size).toBeGreaterThanOrEqual(4);
    expect(datasets('datasetUsageStatistics').size).toBeGreaterThanOrEqual(4);
    for (const [key, points] of series) {
      const times = points.map((p) => p.aspect.timestampMillis as number);
      expect(times, key).toEqual(Array.from({ length: 30 }, (_, i) => REFERENCE_TIME - (29 - i) * DAY_MS));
    }
  });

  it('grows the row count of every profiled dataset day by day', () => {
    const byDataset = new Map<string, number[]>();
    for (const p of proposals.filter((p) => p.aspectName === 'datasetProfile')) {
      byDataset.set(p.entityUrn, [...(byDataset.get(p.entityUrn) ?? []), p.aspect.rowCount as number]);
    }
    for (const [urn, rows] of byDataset) expect(rows, urn).toEqual([...rows].sort((a, b) => a - b));
  });
});
