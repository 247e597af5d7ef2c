/**
 * The lineage graph of the web app (getEntityLineageV2, getBulkEntityLineageV2, getLineageCounts in
 * lineage.graphql) through POST /api/graphql, in both namespaces: one hop of `lineage(input)` as
 * upstream's EntityLineageResultResolver asks SiblingGraphService for it
 * (datahub-graphql-core/.../resolvers/load/EntityLineageResultResolver.java,
 * metadata-io/.../graph/SiblingGraphService.java, v1.3.0.1): each edge with its path, siblings' edges
 * merged unless separateSiblings, ghosts counted in `filtered` unless includeGhostEntities; and
 * column-level lineage as FineGrainedLineagesMapper maps a dataset's upstreamLineage and a job's
 * dataJobInputOutput (a SchemaFieldRef is the field URN's parent and path). A schema field's own lineage is the
 * column graph: `<downstream field> DownstreamOf <upstream field>` edges drawn from those fineGrainedLineages and
 * from a chart's inputFields (UpdateGraphIndicesService.getEdgesAndRelationshipTypesFromAspect, metadata-io), walked
 * as LineageRegistry.getLineageRelationships walks a schemaField (entity-registry, v1.3.0.1).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql, ingest } from '../graphql-harness.js';
import { serverForTests } from '../http-harness.js';

describe.each(['svc', 'li'] as const)('the lineage graph in the %s namespace', (namespace) => {
  const server = serverForTests({ namespace, indexLagMs: 0 });
  const urn = (rest: string) => `urn:${namespace}:${rest}`;
  const dataset = (name: string, platform = 'hive') =>
    urn(`dataset:(${urn(`dataPlatform:${platform}`)},shop.${name},PROD)`);
  const field = (datasetUrn: string, path: string) => urn(`schemaField:(${datasetUrn},${path})`);
  const RAW = dataset('raw');
  const CLEAN = dataset('clean');
  const CLEAN_DBT = dataset('clean', 'dbt');
  const SEED = dataset('seed', 'dbt');
  const MART = dataset('mart');
  const GONE = dataset('gone');
  const FLOW = urn('dataFlow:(airflow,shop,prod)');
  const JOB = urn(`dataJob:(${FLOW},build_clean)`);

  let ready: Promise<void> | undefined;
  /** RAW -Consumes- JOB -Produces- CLEAN -DownstreamOf- MART -DownstreamOf- GONE (soft-deleted); CLEAN's sibling CLEAN_DBT reads SEED. */
  const seed = () =>
    (ready ??= (async () => {
      const s = server();
      await ingest(s, RAW, 'datasetProperties', { name: 'raw' });
      await ingest(s, SEED, 'datasetProperties', { name: 'seed' });
      await ingest(s, JOB, 'dataJobInfo', { name: 'Build clean', type: { string: 'SQL' } });
      await ingest(s, JOB, 'dataJobInputOutput', {
        inputDatasets: [RAW],
        outputDatasets: [CLEAN],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [field(RAW, 'id'), RAW],
            downstreamType: 'FIELD',
            downstreams: [field(CLEAN, 'order_id')],
            transformOperation: 'IDENTITY',
          },
        ],
      });
      await ingest(s, CLEAN, 'siblings', { siblings: [CLEAN_DBT], primary: true });
      await ingest(s, CLEAN_DBT, 'siblings', { siblings: [CLEAN], primary: false });
      await ingest(s, CLEAN_DBT, 'upstreamLineage', { upstreams: [{ dataset: SEED, type: 'TRANSFORMED' }] });
      await ingest(s, MART, 'upstreamLineage', {
        upstreams: [{ dataset: CLEAN, type: 'TRANSFORMED' }],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [field(CLEAN, 'order_id'), field(CLEAN, 'amount')],
            downstreamType: 'FIELD',
            downstreams: [field(MART, 'total')],
            transformOperation: 'SUM',
            query: urn('query:q1'),
          },
        ],
      });
      await ingest(s, GONE, 'upstreamLineage', { upstreams: [{ dataset: MART, type: 'COPY' }] }, ADMIN);
      await ingest(s, GONE, 'status', { removed: true }, ADMIN);
    })());

  const run = async (query: string, variables: Record<string, unknown>) => {
    await seed();
    const reply = await graphql(server(), { query, variables, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as { data: Record<string, any> | null; errors?: { message: string }[] };
  };

  // The shape of the app's entityLineageV2 fragment: both directions aliased, each edge's path and entity.
  const LINEAGE_V2 = `
    fragment lineageEdges on EntityLineageResult {
      filtered
      total
      relationships { type isManual paths { path { urn type } } entity { urn type } }
    }
    fragment entityLineageV2 on Entity {
      urn
      type
      ... on EntityWithRelationships {
        upstream: lineage(input: { direction: UPSTREAM, start: 0, count: 1000, separateSiblings: $separateSiblings,
                                   includeGhostEntities: $includeGhostEntities }) @skip(if: $excludeUpstream) {
          ...lineageEdges
        }
        downstream: lineage(input: { direction: DOWNSTREAM, start: 0, count: 1000, separateSiblings: $separateSiblings,
                                     includeGhostEntities: $includeGhostEntities }) @skip(if: $excludeDownstream) {
          ...lineageEdges
        }
      }
      ... on Dataset {
        fineGrainedLineages { upstreams { urn path } downstreams { urn path } query transformOperation }
      }
      ... on DataJob {
        inputOutput { fineGrainedLineages { upstreams { urn path } downstreams { urn path } transformOperation } }
      }
    }`;
  const ONE = `query getEntityLineageV2($urn: String!, $separateSiblings: Boolean, $excludeUpstream: Boolean = false,
      $excludeDownstream: Boolean = false, $includeGhostEntities: Boolean = false) {
      entity(urn: $urn) { ...entityLineageV2 } } ${LINEAGE_V2}`;
  const BULK = `query getBulkEntityLineageV2($urns: [String!]!, $separateSiblings: Boolean, $excludeUpstream: Boolean = false,
      $excludeDownstream: Boolean = false, $includeGhostEntities: Boolean = false) {
      entities(urns: $urns) { ...entityLineageV2 } } ${LINEAGE_V2}`;

  const edges = (result: any) =>
    result.relationships.map((r: any) => [
      r.type,
      r.entity.urn,
      r.paths.map((p: any) => p.path.map((e: any) => e.urn)),
    ]);

  it.each([
    {
      given: 'a dataset written by a job: the job upstream, the path from the dataset to it',
      want: { urn: CLEAN, separateSiblings: true },
      upstream: [['Produces', JOB, [[CLEAN, JOB]]]],
      downstream: [['DownstreamOf', MART, [[CLEAN, MART]]]],
      counts: { up: [1, 0], down: [1, 0] },
    },
    {
      given: "siblings merged: the sibling's upstream joins, its path starting at the sibling (ordered by URN)",
      want: { urn: CLEAN, separateSiblings: false },
      upstream: [
        ['Produces', JOB, [[CLEAN, JOB]]],
        ['DownstreamOf', SEED, [[CLEAN_DBT, SEED]]],
      ],
      downstream: [['DownstreamOf', MART, [[CLEAN, MART]]]],
      counts: { up: [2, 0], down: [1, 0] },
    },
    {
      given: 'a job: what it reads upstream, what it writes downstream',
      want: { urn: JOB, separateSiblings: true },
      upstream: [['Consumes', RAW, [[JOB, RAW]]]],
      downstream: [['Produces', CLEAN, [[JOB, CLEAN]]]],
      counts: { up: [1, 0], down: [1, 0] },
    },
    {
      given: 'a soft-deleted downstream: left out and counted as filtered',
      want: { urn: MART, separateSiblings: true },
      upstream: [['DownstreamOf', CLEAN, [[MART, CLEAN]]]],
      downstream: [],
      counts: { up: [1, 0], down: [0, 1] },
    },
    {
      given: 'a soft-deleted downstream with includeGhostEntities: kept',
      want: { urn: MART, separateSiblings: true, includeGhostEntities: true },
      upstream: [['DownstreamOf', CLEAN, [[MART, CLEAN]]]],
      downstream: [['DownstreamOf', GONE, [[MART, GONE]]]],
      counts: { up: [1, 0], down: [1, 0] },
    },
  ])('getEntityLineageV2, $given', async ({ want, upstream, downstream, counts }) => {
    const reply = await run(ONE, want);
    expect(reply.errors).toBeUndefined();
    const entity = reply.data?.entity;
    expect(edges(entity.upstream)).toEqual(upstream);
    expect(edges(entity.downstream)).toEqual(downstream);
    expect([entity.upstream.total, entity.upstream.filtered]).toEqual(counts.up);
    expect([entity.downstream.total, entity.downstream.filtered]).toEqual(counts.down);
  });

  it('getEntityLineageV2 of the non-primary sibling: the primary is left out of its merged upstream and counted', async () => {
    const reply = await run(ONE, { urn: CLEAN_DBT, excludeDownstream: true });
    expect(reply.errors).toBeUndefined();
    expect(edges(reply.data?.entity.upstream)).toEqual([
      ['Produces', JOB, [[CLEAN, JOB]]],
      ['DownstreamOf', SEED, [[CLEAN_DBT, SEED]]],
    ]);
    expect(reply.data?.entity.downstream).toBeUndefined();
  });

  it.each([
    {
      given: "a dataset's upstreamLineage: schema field URNs as their dataset and path, the query and the operation",
      urn: MART,
      want: [
        {
          upstreams: [
            { urn: CLEAN, path: 'order_id' },
            { urn: CLEAN, path: 'amount' },
          ],
          downstreams: [{ urn: MART, path: 'total' }],
          query: urn('query:q1'),
          transformOperation: 'SUM',
        },
      ],
    },
    { given: 'a dataset whose upstreamLineage lists no column lineage: []', urn: CLEAN_DBT, want: [] },
    { given: 'a dataset without upstreamLineage: null', urn: RAW, want: null },
  ])('Dataset.fineGrainedLineages, $given', async ({ urn: asked, want }) => {
    const reply = await run(ONE, { urn: asked, excludeUpstream: true, excludeDownstream: true });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.entity.fineGrainedLineages).toEqual(want);
  });

  it("DataJobInputOutput.fineGrainedLineages: the job's column lineage, the dataset URN among the upstreams left out", async () => {
    const reply = await run(ONE, { urn: JOB, excludeUpstream: true, excludeDownstream: true });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.entity.inputOutput.fineGrainedLineages).toEqual([
      {
        upstreams: [{ urn: RAW, path: 'id' }],
        downstreams: [{ urn: CLEAN, path: 'order_id' }],
        transformOperation: 'IDENTITY',
      },
    ]);
  });

  it('getBulkEntityLineageV2: each entity of the list with its own edges, in the order asked', async () => {
    const reply = await run(BULK, { urns: [RAW, MART], separateSiblings: true, excludeUpstream: true });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.entities.map((e: any) => [e.urn, edges(e.downstream)])).toEqual([
      [RAW, [['Consumes', JOB, [[RAW, JOB]]]]],
      [MART, []],
    ]);
  });

  it('getLineageCounts: totals and filtered counts of both directions', async () => {
    const reply = await run(
      `query getLineageCounts($urn: String!, $separateSiblings: Boolean, $includeGhostEntities: Boolean = false) {
        entity(urn: $urn) { urn type ... on EntityWithRelationships {
          upstream: lineage(input: { direction: UPSTREAM, start: 0, count: 100, separateSiblings: $separateSiblings,
                                     includeGhostEntities: $includeGhostEntities }) { filtered total }
          downstream: lineage(input: { direction: DOWNSTREAM, start: 0, count: 100, separateSiblings: $separateSiblings,
                                       includeGhostEntities: $includeGhostEntities }) { filtered total } } } }`,
      { urn: MART },
    );
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.entity).toEqual({
      urn: MART,
      type: 'DATASET',
      upstream: { filtered: 0, total: 1 },
      downstream: { filtered: 1, total: 0 },
    });
  });

  it.each([
    ['start', { start: -1 }, 'input.start'],
    ['count', { count: -5 }, 'input.count'],
  ])('a negative %s is refused, naming the field', async (_name, page, named) => {
    const reply = await run(
      `query l($input: LineageInput!) { dataset(urn: "${CLEAN}") { lineage(input: $input) { total } } }`,
      { input: { direction: 'UPSTREAM', ...page } },
    );
    expect(reply.errors?.[0]?.message).toContain(named);
    expect(reply.data?.dataset.lineage).toBeNull();
  });

  describe('column-level lineage of a schema field', () => {
    const CHART = urn('chart:(looker,revenue)');
    const REPORT = dataset('report');
    const lineageOfField = async (fieldUrn: string, includeGhostEntities = true) => {
      const reply = await run(ONE, { urn: fieldUrn, separateSiblings: true, includeGhostEntities });
      expect(reply.errors).toBeUndefined();
      return reply.data?.entity;
    };

    it.each([
      {
        given:
          "a field a job's column lineage reads: the field it feeds downstream (the job's dataset upstream left out)",
        field: field(RAW, 'id'),
        upstream: [],
        downstream: [['DownstreamOf', field(CLEAN, 'order_id'), [[field(RAW, 'id'), field(CLEAN, 'order_id')]]]],
      },
      {
        given: "a field between a job's and a dataset's column lineage: one field each way",
        field: field(CLEAN, 'order_id'),
        upstream: [['DownstreamOf', field(RAW, 'id'), [[field(CLEAN, 'order_id'), field(RAW, 'id')]]]],
        downstream: [['DownstreamOf', field(MART, 'total'), [[field(CLEAN, 'order_id'), field(MART, 'total')]]]],
      },
      {
        given: 'a field summed from two: both upstream',
        field: field(MART, 'total'),
        upstream: [
          ['DownstreamOf', field(CLEAN, 'amount'), [[field(MART, 'total'), field(CLEAN, 'amount')]]],
          ['DownstreamOf', field(CLEAN, 'order_id'), [[field(MART, 'total'), field(CLEAN, 'order_id')]]],
        ],
        downstream: [],
      },
    ])('getEntityLineageV2, $given', async ({ field: asked, upstream, downstream }) => {
      const entity = await lineageOfField(asked);
      expect(entity.type).toBe('SCHEMA_FIELD');
      expect(edges(entity.upstream)).toEqual(upstream);
      expect(edges(entity.downstream)).toEqual(downstream);
    });

    it('fields without stored aspects are ghosts: left out and counted unless includeGhostEntities, as the app asks', async () => {
      const entity = await lineageOfField(field(CLEAN, 'order_id'), false);
      expect([entity.upstream.total, entity.upstream.filtered]).toEqual([0, 1]);
      expect([entity.downstream.total, entity.downstream.filtered]).toEqual([0, 1]);
    });

    it("a chart's inputFields draw its own fields downstream of the dataset's; a rewrite of an aspect replaces its edges", async () => {
      const s = server();
      await ingest(s, CHART, 'inputFields', {
        fields: [
          { schemaFieldUrn: field(MART, 'total'), schemaField: { fieldPath: 'revenue', nativeDataType: 'NUMBER' } },
        ],
      });
      const column = (from: string, to: string) => ({
        upstreamType: 'FIELD_SET',
        upstreams: [field(CLEAN, from)],
        downstreamType: 'FIELD',
        downstreams: [field(REPORT, to)],
      });
      await ingest(s, REPORT, 'upstreamLineage', {
        upstreams: [{ dataset: CLEAN, type: 'TRANSFORMED' }],
        fineGrainedLineages: [column('amount', 'amount')],
      });
      const downstreamOf = async (asked: string) =>
        edges((await lineageOfField(asked)).downstream).map((e: any) => e[1]);
      expect(await downstreamOf(field(MART, 'total'))).toEqual([field(CHART, 'revenue')]);
      expect(await downstreamOf(field(CLEAN, 'amount'))).toEqual([field(MART, 'total'), field(REPORT, 'amount')]);
      await ingest(s, REPORT, 'upstreamLineage', {
        upstreams: [{ dataset: CLEAN, type: 'TRANSFORMED' }],
        fineGrainedLineages: [column('order_id', 'order_id')],
      });
      expect(await downstreamOf(field(CLEAN, 'amount'))).toEqual([field(MART, 'total')]);
      expect(await downstreamOf(field(CLEAN, 'order_id'))).toEqual([field(MART, 'total'), field(REPORT, 'order_id')]);
    });
  });
});
