/**
 * A suite that cannot fail is worthless: each broken variant of the mock (a rewriting proxy in front
 * of a real mock, see faults.ts) breaks one documented behaviour, and the suite, run through it with
 * writes and destructive checks allowed, must fail with a check that names that behaviour's clause.
 * Each run is restricted with --only to the part of the suite that covers the behaviour; the same
 * restricted runs pass against the fault-free rewriting proxy, so the failure is the fault's doing.
 */
import { describe, expect, it } from 'vitest';
import { defaultTokens } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { preflight } from '../preflight.js';
import { runConformance, type CheckResult, type Report } from '../runner.js';
import { targetOf } from '../suite-target.js';
import { createFaultyServer, FAULTS, faultNamed, type Fault } from './faults.js';
import { resettingMock } from './resetting-mock.js';

interface Variant {
  fault: string;
  /** --only: the part of the suite that covers the broken behaviour. */
  only: string;
  /** A failed check whose `<id> <clause>` matches this names the right clause. */
  want: RegExp;
  /** Cases of the fuzz phase, for faults only the fuzz phase meets (seed 1). */
  fuzz?: number;
}

const VARIANTS: Variant[] = [
  {
    fault: 'index-sizes-empty',
    only: 'operations.getIndexSizes',
    want: /^operations\.getIndexSizes\.known-points 4\.2 /,
  },
  {
    fault: 'dry-run-defaults-to-false',
    only: 'operations.truncate.dry-run',
    want: /^operations\.truncate\.dry-run-(default|deletes-nothing) /,
  },
  { fault: 'graphql-get-accepted', only: 'graphql.transport', want: /^graphql\.transport\.get-rejected 4\.1 / },
  { fault: 'graphql-get-500', only: 'graphql.transport', want: /^graphql\.transport\.get-rejected 4\.1 / },
  { fault: 'soft-deleted-still-searchable', only: 'lifecycle', want: /^lifecycle\.\S+ 3 States and transitions/ },
  { fault: 'versions-not-increasing', only: 'reads.aspects.versions', want: /^reads\.aspects\.versions .*version/ },
  {
    fault: 'relationship-direction-swapped',
    only: 'reads.relationships',
    want: /^reads\.relationships\.direction 4\.5 /,
  },
  { fault: 'filter-start-with-ignored', only: 'search.filter', want: /^search\.filter\.start-with 4\.6 .*filter/ },
  {
    fault: 'graphql-extensions-missing',
    only: 'graphql.transport.envelope',
    want: /^graphql\.transport\.envelope 4\.1 .*extensions/,
  },
  { fault: 'timeseries-limit-ignored', only: 'reads.timeseries', want: /^reads\.timeseries\.limit 8 Limits/ },
  { fault: 'timeseries-ascending', only: 'reads.timeseries', want: /^reads\.timeseries\.order 4\.5 / },
  { fault: 'aggregations-missing', only: 'search.search.aggregations', want: /^search\.search\.aggregations 4\.6 / },
  {
    fault: 'task-status-wrong-key',
    only: 'operations.getEsTaskStatus',
    want: /^operations\.getEsTaskStatus\.(completion|body-forms) 4\.2 /,
  },
  {
    fault: 'unknown-task-without-error',
    only: 'operations.getEsTaskStatus',
    want: /^operations\.getEsTaskStatus\.unknown-task\S* 7 Errors/,
  },
  { fault: 'relationships-without-entities', only: 'reads.relationships', want: /^reads\.relationships\.shape 4\.5 / },
  {
    fault: 'aspects-list-ignored',
    only: 'reads.entitiesV2',
    want: /^reads\.entitiesV2\.aspects-list 4\.5 .*aspects=List/,
  },
  { fault: 'proposal-delete-ignored', only: 'ingest.proposal.delete', want: /^ingest\.proposal\.delete 4\.4 .*DELETE/ },
  { fault: 'autocomplete-limit-ignored', only: 'search.autocomplete', want: /^search\.autocomplete\.limit 4\.6 / },
  { fault: 'browse-groups-missing', only: 'search.browse', want: /^search\.browse\.groups 4\.6 / },
  {
    fault: 'mutation-on-missing-entity-succeeds',
    only: 'missing-entity',
    want: /^graphql\.updateDataset\.missing-entity 7 Errors/,
  },
  { fault: 'malformed-body-500', only: 'negative.invalid-body', want: /^negative\.invalid-body\.\S+ 4\.\d / },
  {
    fault: 'truncation-required-field-not-enforced',
    only: 'operations.truncate.required',
    want: /^operations\.truncate\.required 4\.2 /,
  },
  {
    fault: 'proposal-content-type-ignored',
    only: 'ingest.proposal.content-type',
    want: /^ingest\.proposal\.content-type 4\.4 .*contentType/,
  },
  {
    fault: 'proposal-entity-type-mismatch-accepted',
    only: 'ingest.proposal.entity-type',
    want: /^ingest\.proposal\.entity-type-mismatch 4\.4 .*entityType/,
  },
  {
    fault: 'restore-urn-like-ignored',
    only: 'operations.restoreIndices',
    want: /^operations\.restoreIndices\.urn-like 4\.2 .*urnLike/,
  },
  {
    fault: 'huge-integer-500',
    only: 'fuzz.searchEntities',
    fuzz: 150,
    want: /^fuzz\.integer\.\S+ 4\.6 Browse, search, autocomplete: search body\.(start|count)/,
  },
  {
    fault: 'malformed-urn-stored',
    only: 'fuzz.ingestProposal',
    fuzz: 600,
    want: /^fuzz\.urn\.malformed 4\.4 Ingestion: ingestProposal body\.proposal\.entityUrn/,
  },
  {
    fault: 'deep-document-accepted',
    only: 'fuzz.searchEntities',
    fuzz: 150,
    want: /^fuzz\.nesting\.deep 4\.6 Browse, search, autocomplete: search body/,
  },
];

describe('broken variants of the mock make the suite fail on the right clause', () => {
  const contract = loadContract('svc');
  const tokens = defaultTokens(contract.names);
  const token = tokens.find((t) => t.role === 'admin')?.token;
  const readerToken = tokens.find((t) => t.role === 'reader')?.token;
  const mock = resettingMock();

  async function runThrough(fault: Fault | undefined, only: string | undefined, fuzz?: number): Promise<Report> {
    const server = await createFaultyServer(mock().url, fault);
    try {
      return await runConformance({
        baseUrl: server.url,
        graphqlUrl: `${server.url}/api/graphql`,
        ...(token ? { token } : {}),
        ...(readerToken ? { readerToken } : {}),
        allowWrites: true,
        allowDestructive: true,
        // The mock indexes at once: a read that does not show a write never will.
        indexWaitMs: 0,
        ...(only ? { only } : {}),
        ...(fuzz ? { fuzz, seed: 1 } : {}),
      });
    } finally {
      await server.close();
    }
  }

  const named = (c: CheckResult): string => `${c.id} ${c.clause}`;
  const failures = (report: Report): string[] =>
    report.checks.filter((c) => c.status === 'failed').map((c) => `${named(c)}: ${c.message}`);

  it('covers at least 15 faults, each named in the table once', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(VARIANTS.map((v) => v.fault)).size).toBe(VARIANTS.length);
    expect(VARIANTS.map((v) => v.fault).sort()).toEqual(FAULTS.map((f) => f.name).sort());
  });

  const fuzzOf = (only: string): number | undefined => VARIANTS.find((v) => v.only === only)?.fuzz;

  it('the pre-flight of the command line finds the service through every variant, so the variants fail on checks, not on it', async () => {
    for (const fault of [undefined, ...FAULTS]) {
      const server = await createFaultyServer(mock().url, fault);
      try {
        expect(
          await preflight(
            targetOf({
              baseUrl: server.url,
              graphqlUrl: `${server.url}/api/graphql`,
              prefixes: ['/api/gms'],
              namespace: 'svc',
              ...(token ? { token } : {}),
            }),
            'svc',
          ),
          fault?.name,
        ).toBeUndefined();
      } finally {
        await server.close();
      }
    }
  });

  it.each([...new Set(VARIANTS.map((v) => v.only))])(
    'the fault-free rewriting proxy passes --only %s',
    async (only) => {
      const report = await runThrough(undefined, only, fuzzOf(only));
      expect(failures(report)).toEqual([]);
      expect(report.checks.filter((c) => c.status === 'passed').length).toBeGreaterThan(0);
    },
  );

  it.each(VARIANTS)('$fault fails the suite (--only $only) on $want', async ({ fault, only, want, fuzz }) => {
    const report = await runThrough(faultNamed(fault), only, fuzz);
    expect(report.ok).toBe(false);
    const failed = report.checks.filter((c) => c.status === 'failed');
    expect(failed.map(named), failures(report).join('\n')).toEqual(
      expect.arrayContaining([expect.stringMatching(want)]),
    );
  });
});

/**
 * The same on the upstream profile, run as against a real deployment (--namespace li, the bare prefix,
 * --expect-auth all): listed differences stay known only when they fail the listed way, so a fault
 * still fails the suite, whether or not the check it breaks is listed.
 */
const UPSTREAM_VARIANTS: Variant[] = [
  { fault: 'filter-start-with-ignored', only: 'search.filter', want: /^search\.filter\.start-with 4\.6 / },
  { fault: 'soft-deleted-still-searchable', only: 'lifecycle', want: /^lifecycle\.\S+ 3 States and transitions/ },
  { fault: 'versions-not-increasing', only: 'reads.aspects.versions', want: /^reads\.aspects\.versions / },
  { fault: 'timeseries-ascending', only: 'reads.timeseries', want: /^reads\.timeseries\.order 4\.5 / },
  { fault: 'timeseries-limit-ignored', only: 'reads.timeseries', want: /^reads\.timeseries\.limit 8 Limits/ },
  { fault: 'graphql-get-accepted', only: 'graphql.transport', want: /^graphql\.transport\.get-rejected 4\.1 / },
  {
    fault: 'graphql-extensions-missing',
    only: 'graphql.transport.envelope',
    want: /^graphql\.transport\.envelope 4\.1 /,
  },
  { fault: 'malformed-body-500', only: 'negative.invalid-body', want: /^negative\.invalid-body\.\S+ 4\.\d / },
  {
    fault: 'truncation-required-field-not-enforced',
    only: 'operations.truncate.required',
    want: /^operations\.truncate\.required 4\.2 /,
  },
  {
    fault: 'unknown-task-without-error',
    only: 'operations.getEsTaskStatus',
    want: /^operations\.getEsTaskStatus\.unknown-task\S* 7 Errors/,
  },
  { fault: 'autocomplete-limit-ignored', only: 'search.autocomplete', want: /^search\.autocomplete\.limit 4\.6 / },
  {
    fault: 'dry-run-defaults-to-false',
    only: 'operations.truncate.dry-run',
    want: /^operations\.truncate\.dry-run-(default|deletes-nothing) /,
  },
];

describe("broken variants of the mock's upstream profile make a li run fail on the right clause", () => {
  const mock = resettingMock({ namespace: 'li', profile: 'upstream', indexLagMs: 0 });

  async function runThrough(fault: Fault | undefined, only: string): Promise<Report> {
    const server = await createFaultyServer(mock().url, fault);
    try {
      return await runConformance({
        baseUrl: server.url,
        namespace: 'li',
        token: 'admin-token',
        readerToken: 'reader-token',
        allowWrites: true,
        allowDestructive: true,
        indexWaitMs: 0,
        only,
      });
    } finally {
      await server.close();
    }
  }

  const named = (c: CheckResult): string => `${c.id} ${c.clause}`;

  it('covers at least 10 faults', () => {
    expect(new Set(UPSTREAM_VARIANTS.map((v) => v.fault)).size).toBeGreaterThanOrEqual(10);
  });

  it.each([...new Set(UPSTREAM_VARIANTS.map((v) => v.only))])(
    'the fault-free rewriting proxy passes --only %s',
    async (only) => {
      const report = await runThrough(undefined, only);
      expect(report.checks.filter((c) => c.status === 'failed').map((c) => `${named(c)}: ${c.message}`)).toEqual([]);
    },
  );

  it.each(UPSTREAM_VARIANTS)('$fault fails the suite (--only $only) on $want', async ({ fault, only, want }) => {
    const report = await runThrough(faultNamed(fault), only);
    expect(report.ok).toBe(false);
    expect(report.checks.filter((c) => c.status === 'failed').map(named)).toEqual(
      expect.arrayContaining([expect.stringMatching(want)]),
    );
  });
});
