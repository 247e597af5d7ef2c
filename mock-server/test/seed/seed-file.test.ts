import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot, loadContract } from '../../../spec/index.js';
import { createMockServer, silentLogger } from '../../index.js';
import {
  checkProposals,
  normaliseAvroJson,
  readSeedFile,
  SeedFileError,
  seedProposals,
  summariseChecks,
} from '../../seed/index.js';

const FIXTURES = join(fileURLToPath(new URL('..', import.meta.url)), 'fixtures', 'upstream');
const li = loadContract('li');

/** Every key and string of a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}

function hasNull(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.some(hasNull);
  if (value && typeof value === 'object') return Object.values(value).some(hasNull);
  return false;
}

// Counts from the fixtures' README (census).
const files = [
  {
    given: 'bootstrap_mce.json',
    want: {
      entries: { mce: 83, mcpValue: 11, mcpJson: 0, usage: 0 },
      proposals: 151,
      byAspect: {
        dataPlatformInfo: 27,
        mlFeatureProperties: 20,
        ownership: 18,
        browsePaths: 7,
        institutionalMemory: 7,
        mlPrimaryKeyProperties: 7,
        schemaMetadata: 7,
        upstreamLineage: 6,
        datasetProperties: 5,
        mlFeatureTableProperties: 5,
        glossaryTermInfo: 3,
        chartInfo: 2,
        globalTags: 2,
        dataJobInfo: 2,
        dataJobInputOutput: 2,
        corpGroupInfo: 2,
        corpUserInfo: 2,
        tagProperties: 2,
        cost: 1,
        status: 1,
        dashboardInfo: 1,
        dataFlowInfo: 1,
        glossaryNodeInfo: 1,
        corpUserStatus: 1,
        mlModelCaveatsAndRecommendations: 1,
        mlModelEthicalConsiderations: 1,
        mlModelEvaluationData: 1,
        intendedUse: 1,
        mlModelMetrics: 1,
        mlModelProperties: 1,
        mlModelTrainingData: 1,
        editableSchemaMetadata: 1,
        datasetProfile: 2,
        datasetUsageStatistics: 1,
        container: 2,
        containerProperties: 2,
        subTypes: 2,
        dataPlatformInstance: 2,
      },
      // Aspects per entity type; these types carry one aspect per entity in this file.
      byEntityType: { dataPlatform: 27, mlFeature: 20, mlPrimaryKey: 7, container: 7 },
      opaque: 5,
    },
  },
  {
    given: 'demo-profiles.json',
    want: {
      entries: { mce: 0, mcpValue: 14, mcpJson: 0, usage: 0 },
      proposals: 14,
      byAspect: { datasetProfile: 14 },
      byEntityType: { dataset: 14 },
      opaque: 0,
    },
  },
  {
    given: 'search_test_data.json',
    want: {
      entries: { mce: 0, mcpValue: 0, mcpJson: 5, usage: 0 },
      proposals: 5,
      byAspect: { datasetProperties: 3, chartInfo: 1, dashboardInfo: 1 },
      byEntityType: { dataset: 3, chart: 1, dashboard: 1 },
      opaque: 0,
    },
  },
  {
    given: 'test_serde_usage.json',
    want: {
      entries: { mce: 0, mcpValue: 0, mcpJson: 2, usage: 0 },
      proposals: 2,
      byAspect: { datasetUsageStatistics: 2 },
      byEntityType: { dataset: 2 },
      opaque: 0,
    },
  },
  {
    given: 'single_owner_types_golden.json',
    want: {
      entries: { mce: 0, mcpValue: 0, mcpJson: 15, usage: 0 },
      proposals: 15,
      byAspect: { ownership: 5, status: 5, glossaryTermInfo: 4, glossaryNodeInfo: 1 },
      byEntityType: { glossaryTerm: 12, glossaryNode: 3 },
      opaque: 0,
    },
  },
];

describe.each(files)('seed file $given (namespace li)', ({ given, want }) => {
  const { proposals, summary, skipped } = readSeedFile(join(FIXTURES, given), li);

  it('gives one proposal per aspect, with the counts of the fixtures README', () => {
    expect(summary.entries).toEqual(want.entries);
    expect(skipped).toEqual([]);
    expect(summary.proposals).toBe(want.proposals);
    expect(proposals).toHaveLength(want.proposals);
    expect(summary.byAspect).toMatchObject(want.byAspect);
    expect(summary.byEntityType).toMatchObject(want.byEntityType);
  });

  it('gives proposals that the registry allows and that all validate against their aspect schemas', () => {
    const checks = checkProposals(proposals, li);
    const failures = checks
      .filter((c) => !c.allowed || c.errors.length > 0)
      .map((c) => `${c.proposal.entityType}/${c.proposal.aspectName}: ${c.errors.join('; ')}`);
    expect(failures).toEqual([]);
    expect(summariseChecks(checks)).toEqual({
      validated: want.proposals - want.opaque,
      opaque: want.opaque,
      rejected: 0,
    });
  });

  it('leaves no Avro namespace and no null anywhere', () => {
    expect(strings(proposals).filter((s) => s.includes('pegasus2avro'))).toEqual([]);
    expect(proposals.filter(hasNull).map((p) => `${p.entityUrn} ${p.aspectName}`)).toEqual([]);
  });

  it('names entity types and aspects as the registry does', () => {
    for (const p of proposals) {
      expect(li.entities.has(p.entityType), p.entityType).toBe(true);
      expect(p.entityUrn.startsWith(`urn:li:${p.entityType}:`), p.entityUrn).toBe(true);
      expect(['UPSERT', 'DELETE']).toContain(p.changeType);
    }
  });
});

describe('Avro-JSON change events', () => {
  const { proposals } = readSeedFile(join(FIXTURES, 'bootstrap_mce.json'), li);
  const aspectsOf = (name: string) =>
    proposals.filter((p) => p.aspectName === name).map((p) => p.aspect as Record<string, unknown>);

  it('keeps ChartInfo.inputs as {string: urn} unions, wrapping the bare form', () => {
    const inputs = aspectsOf('chartInfo').flatMap((a) => a.inputs as unknown[]);
    expect(inputs).toHaveLength(2);
    for (const input of inputs) expect(input).toEqual({ string: expect.stringMatching(/^urn:li:dataset:/) });
  });

  it('unwraps optional-field unions and keeps the record-name unions without pegasus2avro', () => {
    const user = aspectsOf('corpUserInfo').find((a) => a.displayName === 'John Doe');
    expect(user).toMatchObject({ displayName: 'John Doe', title: 'Software Engineer', fullName: 'John Doe' });
    const schema = aspectsOf('schemaMetadata')[0]!;
    expect(Object.keys(schema.platformSchema as object)[0]).toMatch(/^com\.linkedin\.schema\.[A-Za-z]+$/);
    const field = (schema.fields as { type: { type: object }; description?: unknown }[])[0]!;
    expect(Object.keys(field.type.type)[0]).toMatch(/^com\.linkedin\.schema\.[A-Za-z]+Type$/);
    expect(typeof field.description).toBe('string');
  });

  it('collapses unions-with-aliases', () => {
    expect(aspectsOf('cost')).toEqual([{ costType: 'ORG_COST_TYPE', cost: { costCode: 'sampleCostCode' } }]);
  });

  it('gives an aspect without a schema the name the registry knows its record by', () => {
    expect(
      proposals
        .filter((p) => p.entityType === 'mlModel')
        .map((p) => p.aspectName)
        .sort(),
    ).toEqual(
      [
        'cost',
        'institutionalMemory',
        'intendedUse',
        'mlModelCaveatsAndRecommendations',
        'mlModelEthicalConsiderations',
        'mlModelEvaluationData',
        'mlModelMetrics',
        'mlModelProperties',
        'mlModelTrainingData',
        'ownership',
        'status',
      ].sort(),
    );
  });
});

describe('change proposals', () => {
  it('keep their system metadata when present, without nulls', () => {
    const golden = readSeedFile(join(FIXTURES, 'single_owner_types_golden.json'), li).proposals;
    for (const p of golden)
      expect(p.systemMetadata).toMatchObject({ runId: expect.any(String), lastObserved: expect.any(Number) });
    const profiles = readSeedFile(join(FIXTURES, 'demo-profiles.json'), li).proposals;
    for (const p of profiles) expect(p.systemMetadata).toBeUndefined();
  });
});

describe('normaliseAvroJson', () => {
  const chartInfo = li.aspects.get('chartInfo')!.schema;
  it.each([
    { given: { title: { string: 'T' }, chartUrl: null }, want: { title: 'T' } },
    {
      given: { inputs: { array: ['urn:li:dataset:(urn:li:dataPlatform:a,b,PROD)'] } },
      want: { inputs: [{ string: 'urn:li:dataset:(urn:li:dataPlatform:a,b,PROD)' }] },
    },
    { given: { customProperties: { 'a.b': 'c' } }, want: { customProperties: { 'a.b': 'c' } } },
    {
      given: { lastModified: { created: { time: { long: 1 }, actor: 'urn:li:corpuser:a', impersonator: null } } },
      want: { lastModified: { created: { time: 1, actor: 'urn:li:corpuser:a' } } },
    },
  ])('$given -> $want', ({ given, want }) => {
    expect(normaliseAvroJson(given, chartInfo)).toEqual(want);
  });

  it('unwraps only primitive wrappers when the aspect has no schema', () => {
    expect(normaliseAvroJson({ a: { long: 3 }, b: { 'com.linkedin.pegasus2avro.x.Y': { z: 1 } } })).toEqual({
      a: 3,
      b: { 'com.linkedin.x.Y': { z: 1 } },
    });
  });
});

describe('namespace', () => {
  it('refuses a seed file whose URNs are not in the namespace the mock runs in', () => {
    expect(() => readSeedFile(join(FIXTURES, 'search_test_data.json'), loadContract('svc'))).toThrow(SeedFileError);
    expect(() => readSeedFile(join(FIXTURES, 'search_test_data.json'), loadContract('svc'))).toThrow(
      /not in namespace 'svc'/,
    );
  });
});

describe('entries that cannot be used', () => {
  const dataset = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
  const upsert = {
    entityType: 'dataset',
    entityUrn: dataset,
    changeType: 'UPSERT',
    aspectName: 'status',
    aspect: { json: { removed: false } },
  };
  it.each([
    {
      given: 'an aspect with neither value nor json',
      entry: { ...upsert, aspect: {} },
      want: { urn: dataset, aspect: 'status', reason: 'aspect must be {value: <JSON string>} or {json:' },
    },
    {
      given: 'aspect text that is not JSON',
      entry: { ...upsert, aspect: { value: '{', contentType: 'application/json' } },
      want: { urn: dataset, aspect: 'status', reason: 'aspect.value is not JSON' },
    },
    {
      given: 'neither an event, a proposal nor a usage record',
      entry: { hello: 'world' },
      want: { reason: 'neither a change event' },
    },
    {
      given: 'a URN that is not one',
      entry: { ...upsert, entityUrn: 'dataset-t' },
      want: { urn: 'dataset-t', reason: 'is not a URN' },
    },
  ])('skips $given and reads the rest, naming the 1-based entry', ({ entry, want }) => {
    const { proposals, skipped } = seedProposals([upsert, entry, upsert], li, 'f.json');
    expect(proposals.map((p) => p.entry)).toEqual([1, 3]);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ entry: 2, ...want, reason: expect.stringContaining(want.reason) });
  });

  it("reads a usage record (UsageAggregation) as the datasetUsageStatistics point upstream's batchIngest stores", () => {
    const usage = {
      bucket: 1622073600000,
      duration: 'DAY',
      resource: dataset,
      metrics: {
        uniqueUserCount: { int: 1 },
        users: [{ user: 'urn:li:corpuser:jdoe', count: 3, userEmail: 'jdoe@example.com' }],
        totalSqlQueries: 3,
        topSqlQueries: ['select 1'],
        fields: [{ fieldName: 'id', count: 2 }],
      },
    };
    const { proposals, summary } = seedProposals([usage], li);
    expect(summary.entries.usage).toBe(1);
    expect(proposals[0]).toMatchObject({
      entityUrn: dataset,
      aspectName: 'datasetUsageStatistics',
      aspect: {
        timestampMillis: 1622073600000,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        uniqueUserCount: 1,
        userCounts: [{ user: 'urn:li:corpuser:jdoe', count: 3 }],
        totalSqlQueries: 3,
        topSqlQueries: ['select 1'],
        fieldCounts: [{ fieldPath: 'id', count: 2 }],
      },
    });
  });
});

describe('start-up errors name the place', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seed-errors-'));
  const svc = loadContract('svc');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a JSON syntax error gives the file, the line and the column', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '[\n  {"entityType": "dataset",\n   "aspectName" "status"}\n]\n');
    expect(() => readSeedFile(file, svc)).toThrow(
      new RegExp(`^seed file ${file.replace(/[.\\]/g, '\\$&')}: not valid JSON at line 3 column 17`),
    );
  });

  it('--data in a directory that does not exist yet creates it', async () => {
    const data = join(dir, 'new', 'deeper', 'state.db');
    const server = await createMockServer({ port: 0, data, sample: false, logger: silentLogger });
    await server.close();
    expect(existsSync(data)).toBe(true);
  });
});

describe("the seed file examples of the guide and the mock's README", () => {
  it.each(['docs/seeds-pull-record.md', 'mock-server/README.md'])(
    '%s: each example loads, one per format',
    (readme) => {
      const section = /^## Seed files\n([\s\S]*?)^## /m.exec(readFileSync(fromRoot(readme), 'utf8'))?.[1] ?? '';
      const examples = [...section.matchAll(/^```json\n([\s\S]*?)^```/gm)].map(
        (m) => JSON.parse(m[1] ?? '') as unknown,
      );
      const formats = examples.map((example) => {
        const { summary, proposals } = seedProposals(example, loadContract('svc'), readme);
        expect(summariseChecks(checkProposals(proposals, loadContract('svc')))).toMatchObject({
          validated: proposals.length,
          rejected: 0,
        });
        return Object.entries(summary.entries).find(([, n]) => n > 0)?.[0];
      });
      expect(formats).toEqual(['mce', 'mcpValue', 'mcpJson']);
    },
  );
});
