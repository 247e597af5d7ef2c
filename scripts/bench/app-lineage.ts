/**
 * The web app's dataset page and lineage graph at catalog scale, through POST /api/graphql (one client,
 * p50/p99), on a copy of the search suite's cached 100,000-dataset file with a lineage neighbourhood
 * written into it: a dataset with three upstreams, each with three of its own, three hops deep, and as
 * many downstreams, each edge with its column lineage. The rows: the app's getDataset (the page's header,
 * schema, about and side panels, its siblings), and the lineage graph's three queries for three hops as
 * the app's V2 graph sends them: getEntityLineageV2 of the dataset, then getBulkEntityLineageV2 of the
 * entities each hop reached. Each request carries its own number in `extensions`, so none is answered
 * from the cached responses.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { load, median, post } from './load.js';
import { below, fmt, type BenchRow } from './rows.js';
import { cachedStore, dataset } from './search.js';
import { startMock } from './servers.js';

const DATASETS = 100_000;
/** Upstreams (and downstreams) of each node of the neighbourhood, and its depth. */
const FAN = 3;
const HOPS = 3;
const CENTRE = 1_000;

/** The dataset page, in the shape of the app's getDataset (dataset.graphql): one fragment for the dataset and each sibling. */
const GET_DATASET = `query getDataset($urn: String!) {
  dataset(urn: $urn) {
    ...datasetFields
    siblings { isPrimary siblings { urn type ...datasetFields } }
    siblingsSearch(input: { query: "*", count: 5 }) { count total searchResults { entity { urn type ...datasetFields } } }
  }
}
fragment datasetFields on Dataset {
  urn type name origin exists lastIngested
  platform { urn type name properties { type displayName datasetNameDelimiter logoUrl } }
  properties { name qualifiedName description externalUrl customProperties { key value } lastModified { time actor } }
  editableProperties { description }
  ownership { owners { owner { ... on CorpUser { urn type username } ... on CorpGroup { urn type name } } associatedUrn } lastModified { time } }
  deprecation { actor deprecated note decommissionTime }
  globalTags { tags { tag { urn type name properties { name colorHex } } associatedUrn } }
  glossaryTerms { terms { term { urn type name properties { name } } associatedUrn } }
  subTypes { typeNames }
  domain { domain { urn type properties { name } } }
  parentContainers { count containers { urn type properties { name } } }
  schemaMetadata { name platformUrn version hash primaryKeys fields { fieldPath description type nativeDataType nullable isPartOfKey globalTags { tags { tag { urn name } } } glossaryTerms { terms { term { urn name } } } } }
  editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } }
  usageStats(range: MONTH) { buckets { bucket metrics { totalSqlQueries } } aggregations { uniqueUserCount totalSqlQueries fields { fieldName count } } }
  datasetProfiles(limit: 1) { rowCount columnCount sizeInBytes timestampMillis }
  health { type status message }
  assertions(start: 0, count: 1) { total }
  operations(limit: 1) { timestampMillis lastUpdatedTimestamp }
  status { removed }
  runs(start: 0, count: 20, direction: OUTGOING) { count start total }
  statsSummary { queryCountLast30Days uniqueUserCountLast30Days }
  activeIncidents: incidents(start: 0, count: 1, state: ACTIVE) { total }
  privileges { canEditLineage canEditEmbed canEditQueries canManageEntity }
  institutionalMemory { elements { url label description } }
  fineGrainedLineages { upstreams { urn path } downstreams { urn path } transformOperation }
  upstream: lineage(input: { direction: UPSTREAM, start: 0, count: 100 }) { total filtered }
  downstream: lineage(input: { direction: DOWNSTREAM, start: 0, count: 100 }) { total filtered }
}`;

/** The lineage graph's fields of each entity, in the shape of the app's entityLineageV2 fragment (lineage.graphql). */
const LINEAGE_V2 = `
fragment edges on EntityLineageResult {
  filtered total
  relationships { type createdOn updatedOn isManual createdActor { urn type } updatedActor { urn type } paths { path { urn type } } entity { urn type } }
}
fragment entityLineageV2 on Entity {
  urn type
  ... on Dataset {
    name platform { urn name } properties { name description } subTypes { typeNames } status { removed }
    fineGrainedLineages { upstreams { urn path } downstreams { urn path } query transformOperation }
    privileges { canEditLineage }
    schemaMetadata(version: 0) { fields { fieldPath type nativeDataType } }
    siblingsSearch(input: { query: "*", count: 1 }) { count total searchResults { entity { urn type } } }
  }
  ... on EntityWithRelationships {
    upstream: lineage(input: { direction: UPSTREAM, start: 0, count: 1000, separateSiblings: false }) { ...edges }
    downstream: lineage(input: { direction: DOWNSTREAM, start: 0, count: 1000, separateSiblings: false }) { ...edges }
  }
}`;
const ENTITY_LINEAGE = `query getEntityLineageV2($urn: String!) { entity(urn: $urn) { ...entityLineageV2 } }${LINEAGE_V2}`;
const BULK_LINEAGE = `query getBulkEntityLineageV2($urns: [String!]!) { entities(urns: $urns) { ...entityLineageV2 } }${LINEAGE_V2}`;

const urnOf = (i: number): string => dataset(i).urn;
/** The first column of a generated dataset. */
const fieldOf = (i: number): string =>
  (dataset(i).aspects.schemaMetadata?.fields as { fieldPath: string }[])[0]!.fieldPath;

/** The neighbourhood: each hop's dataset numbers upstream and downstream of the centre, and each node's upstreams. */
function neighbourhood(): { hops: number[][]; upstreamsOf: Map<number, number[]> } {
  const upstreamsOf = new Map<number, number[]>();
  const hops: number[][] = [];
  let next = CENTRE + 1;
  let upFrontier = [CENTRE];
  let downFrontier = [CENTRE];
  for (let hop = 1; hop <= HOPS; hop++) {
    const up: number[] = [];
    const down: number[] = [];
    for (const node of upFrontier) {
      const parents = Array.from({ length: FAN }, () => next++);
      upstreamsOf.set(node, parents);
      up.push(...parents);
    }
    for (const node of downFrontier)
      for (let k = 0; k < FAN; k++) {
        const child = next++;
        upstreamsOf.set(child, [node]);
        down.push(child);
      }
    hops.push([...up, ...down]);
    upFrontier = up;
    downFrontier = down;
  }
  return { hops, upstreamsOf };
}

function upstreamLineageProposal(node: number, upstreams: number[]): string {
  const urn = urnOf(node);
  const schemaField = (i: number) =>
    `${urn.slice(0, urn.indexOf(':dataset:'))}:schemaField:(${urnOf(i)},${fieldOf(i)})`;
  const value = {
    upstreams: upstreams.map((u) => ({ dataset: urnOf(u), type: 'TRANSFORMED' })),
    fineGrainedLineages: upstreams.map((u) => ({
      upstreamType: 'FIELD_SET',
      upstreams: [schemaField(u)],
      downstreamType: 'FIELD',
      downstreams: [schemaField(node)],
      transformOperation: 'IDENTITY',
    })),
  };
  return JSON.stringify({
    proposal: {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'upstreamLineage',
      aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    },
  });
}

export async function benchAppLineage(runs: number, seconds: number): Promise<BenchRow[]> {
  const cached = await cachedStore(DATASETS);
  // A copy, so the lineage written here never reaches the search suites' file.
  const file = cached.replace(/\.db$/, '-lineage.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  copyFileSync(cached, file);
  const rows: BenchRow[] = [];
  const mock = await startMock(['--no-sample', '--data', file]);
  try {
    const { hops, upstreamsOf } = neighbourhood();
    for (const [node, upstreams] of upstreamsOf)
      await post(`${mock.url}/aspects?action=ingestProposal`, upstreamLineageProposal(node, upstreams));
    const url = `${mock.url}/api/graphql`;
    const cases = [
      {
        name: 'app getDataset (the dataset page, its siblings)',
        query: GET_DATASET,
        variables: { urn: urnOf(CENTRE) },
        target: 20,
      },
      {
        name: 'app lineage V2, the dataset (getEntityLineageV2)',
        query: ENTITY_LINEAGE,
        variables: { urn: urnOf(CENTRE) },
        target: 50,
      },
      ...hops.slice(0, HOPS - 1).map((hop, i) => ({
        name: `app lineage V2, hop ${i + 2} (getBulkEntityLineageV2 of the ${fmt(hop.length)} entities hop ${i + 1} reached)`,
        query: BULK_LINEAGE,
        variables: { urns: hop.map(urnOf) },
        target: 50,
      })),
    ];
    for (const row of cases) {
      const body = (n: number) =>
        JSON.stringify({ query: row.query, variables: row.variables, extensions: { request: n } });
      const probe = (await (
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(-1) })
      ).json()) as { data?: unknown; errors?: unknown };
      if (probe.errors || !probe.data) throw new Error(`${row.name}: ${JSON.stringify(probe).slice(0, 500)}`);
      const p50s: number[] = [];
      const p99s: number[] = [];
      for (let r = 0; r < runs; r++) {
        const result = await load({ url, method: 'POST', headers: {}, seconds, connections: 1, body });
        if (result.errors + result.non2xx) throw new Error(`${row.name}: failed requests`);
        p50s.push(result.p50Ms);
        p99s.push(result.p99Ms);
      }
      const [p50, p99] = [median(p50s), median(p99s)];
      rows.push(
        below(
          `${fmt(DATASETS)} datasets: ${row.name}: p50 / p99 ms`,
          p99,
          row.target,
          1,
          `${fmt(p50, 1)} / ${fmt(p99, 1)}`,
        ),
      );
    }
  } finally {
    await mock.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
  return rows;
}
