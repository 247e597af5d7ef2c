/**
 * The fuzz phase against the mock: thousands of broken requests, each answered with a 4xx whose
 * shared error body names the broken field, the store unchanged; its cases reproducible by seed and
 * safe by default (no write action without --allow-writes, no index-wide action without
 * --allow-destructive, only the run's own URNs in what could write).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServerOptions } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { FUZZ_KINDS, fuzzCases } from '../fuzz/cases.js';
import type { FuzzCase } from '../fuzz/fuzz-case.js';
import { runFuzzPhase } from '../fuzz/phase.js';
import { Random } from '../fuzz/random.js';
import { fuzzTargets } from '../fuzz/targets.js';
import { runConformance } from '../runner.js';
import { targetOf } from '../suite-target.js';

const contract = loadContract('svc');
const RUN = 'fuzztest';

function cases(seed: number, flags: { allowWrites: boolean; allowDestructive: boolean }, count = 3000): FuzzCase[] {
  return fuzzCases({
    count,
    contract,
    targets: fuzzTargets(contract, RUN),
    graphql: { contract, runId: RUN, target: '/api/graphql', include: true },
    prefixes: ['/api/gms', '/gms', ''],
    random: new Random(seed),
    ...flags,
  });
}

const text = (c: FuzzCase): string => `${c.method} ${c.target} ${c.body?.toString('utf8') ?? ''}`;

describe.each<{ profile: string; options: MockServerOptions; prefixes: string[] }>([
  { profile: 'document', options: {}, prefixes: ['/api/gms', '/gms', ''] },
  // Upstream GMS serves the bare prefix only; its names are li's.
  { profile: 'upstream', options: { profile: 'upstream', namespace: 'li' }, prefixes: [''] },
])('the fuzz phase against the mock ($profile profile)', ({ options, prefixes }) => {
  it('answers 2,000 broken requests with 4xx bodies naming their field, and changes nothing', async () => {
    const mock = await createMockServer({ port: 0, logger: silentLogger, ...options });
    try {
      const report = await runFuzzPhase({
        target: targetOf({
          baseUrl: mock.url,
          token: 'admin-token',
          ...(options.namespace ? { namespace: options.namespace } : {}),
          prefixes,
        }),
        contract: loadContract(options.namespace ?? 'svc'),
        count: 2000,
        seed: 20,
        runId: RUN,
        allowWrites: true,
        allowDestructive: true,
      });
      expect(report.snapshot).toBe(true);
      expect(report.cases).toBe(2000);
      expect(report.failures.map((f) => f.message)).toEqual([]);
    } finally {
      await mock.close();
    }
  }, 60_000);
});

describe('fuzz cases', () => {
  it('are the same for the same seed and differ for another', () => {
    const flags = { allowWrites: true, allowDestructive: true };
    expect(cases(7, flags, 300).map(text)).toEqual(cases(7, flags, 300).map(text));
    expect(cases(8, flags, 300).map(text)).not.toEqual(cases(7, flags, 300).map(text));
  });

  it('break every kind of field and request the phase promises', () => {
    const kinds = new Set(cases(3, { allowWrites: true, allowDestructive: true }).map((c) => c.kind));
    expect([...kinds].filter((kind) => !(FUZZ_KINDS as readonly string[]).includes(kind))).toEqual([]);
    for (const kind of [
      'required.missing',
      'type.wrong',
      'integer.huge',
      'integer.beyond-int32',
      'integer.beyond-safe',
      'nesting.deep',
      'string.oversized',
      'urn.malformed',
      'enum.unknown',
      'json.malformed',
      'encoding.unsupported',
      'encoding.corrupt',
      'method.wrong',
      'action.unknown',
    ]) {
      expect([...kinds]).toContain(kind);
    }
    const resource = (c: FuzzCase): string | undefined =>
      c.target.replace(/^\/(api\/gms|gms)(?=\/)/, '').split(/[/?]/)[1];
    expect(new Set(cases(3, { allowWrites: false, allowDestructive: false }).map(resource))).toEqual(
      new Set(['api', 'entities', 'entitiesV2', 'aspects', 'relationships']),
    );
    expect(
      new Set(cases(3, { allowWrites: false, allowDestructive: false }).map((c) => c.target.split(/[/?]/)[1])),
    ).toEqual(new Set(['api', 'gms', 'entities', 'entitiesV2', 'aspects', 'relationships']));
  });

  it('send no ingest, operations, test action or GraphQL mutation without --allow-writes', () => {
    const sent = cases(5, { allowWrites: false, allowDestructive: false });
    expect(
      sent.filter((c) => /action=(ingest|ingestProposal)\b|\/operations|\/test\b/.test(c.target)).map(text),
    ).toEqual([]);
    expect(sent.filter((c) => c.graphql && /mutation/.test(c.body?.toString('utf8') ?? '')).map(text)).toEqual([]);
    expect(sent.every((c) => c.harm === 'read')).toBe(true);
  });

  it('send no truncation or restoreIndices without --allow-destructive', () => {
    const sent = cases(5, { allowWrites: true, allowDestructive: false });
    expect(sent.some((c) => c.harm === 'write')).toBe(true);
    expect(sent.filter((c) => /truncateTimeseriesAspect|restoreIndices/.test(c.target)).map(text)).toEqual([]);
  });

  it("name only the run's own entities in what could write", () => {
    const writes = cases(9, { allowWrites: true, allowDestructive: true }).filter((c) => c.harm !== 'read');
    expect(writes.length).toBeGreaterThan(0);
    const datasetNames = writes.flatMap((c) =>
      [...decodeURIComponent(text(c)).matchAll(/dataPlatform:[^,]+,([^,)]+),PROD\)/g)].map((m) => m[1]),
    );
    expect(datasetNames.length).toBeGreaterThan(0);
    expect(datasetNames.filter((name) => !name?.startsWith(`conformance_${RUN}.`))).toEqual([]);
  });
});

describe('conformance --fuzz', () => {
  it('reports the phase with its seed, so that a failure can be sent again', async () => {
    const mock = await createMockServer({ port: 0, logger: silentLogger });
    try {
      const report = await runConformance({ baseUrl: mock.url, only: 'fuzz.getEntityV2', fuzz: 50, seed: 3 });
      const phase = report.checks.find((c) => c.id === 'fuzz.phase');
      expect(phase?.status).toBe('passed');
      expect(phase?.message).toMatch(/^50 cases of seed 3, 0 failed, .*--fuzz 50 --seed 3/);
    } finally {
      await mock.close();
    }
  });
});
