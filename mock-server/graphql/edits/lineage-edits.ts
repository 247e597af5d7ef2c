/**
 * Lineage drawn by hand (upstream's UpdateLineageResolver under resolvers/lineage/ over LineageService,
 * datahub-graphql-core and metadata-service/services at v1.3.0.1). The edges are grouped by downstream, which
 * must exist, and each downstream's aspect gains the new upstreams and loses the removed ones:
 * - a dataset: upstreamLineage.upstreams (type TRANSFORMED); a data job upstream is left out there and
 *   written instead as the job's output (dataJobInputOutput.outputDatasetEdges), as upstream does;
 * - a chart: chartInfo.inputEdges; a dashboard: dashboardInfo.datasetEdges or chartEdges (their info must
 *   exist);
 * - a data job: dataJobInputOutput.inputDatasetEdges or inputDatajobEdges.
 * A new edge carries the caller in its stamps and the property source UI; removing also drops the upstream
 * from the older URN list beside the edges. Each upstream added must be of a type the downstream takes and
 * exist, with upstream's messages. All edges are checked before anything is written.
 */
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect } from './resources.js';

interface LineageEdge {
  downstreamUrn: string;
  upstreamUrn: string;
}

/** Where the edges of a downstream type go: per upstream type, the edge list and the older URN list. */
interface EdgeTarget {
  aspect: string;
  lists: Readonly<Record<string, readonly [edges: string, legacy: string]>>;
  /** Upstream's message for an upstream of another type. */
  wrongType: (urn: string) => string;
  /** Upstream's message when the aspect must be there already. */
  missing?: (urn: string) => string;
  /** The required lists a new aspect starts with. */
  initial?: Record<string, unknown[]>;
}

const JOB_LISTS = { inputDatasets: [], outputDatasets: [] };

const EDGE_TARGETS: Readonly<Record<string, EdgeTarget>> = {
  chart: {
    aspect: 'chartInfo',
    lists: { dataset: ['inputEdges', 'inputs'], chart: ['inputEdges', 'inputs'] },
    wrongType: (urn) => `Tried to add an upstream to a chart that isn't a chart or dataset. Upstream urn: ${urn}`,
    missing: (urn) => `Failed to update chart lineage for urn ${urn} as chart info doesn't exist`,
  },
  dashboard: {
    aspect: 'dashboardInfo',
    lists: { dataset: ['datasetEdges', 'datasets'], chart: ['chartEdges', 'charts'] },
    wrongType: (urn) => `Tried to add an upstream to a dashboard that isn't a chart or dataset. Upstream urn: ${urn}`,
    missing: (urn) => `Failed to update dashboard lineage for urn ${urn} as dashboard info doesn't exist`,
  },
  dataJob: {
    aspect: 'dataJobInputOutput',
    lists: { dataset: ['inputDatasetEdges', 'inputDatasets'], dataJob: ['inputDatajobEdges', 'inputDatajobs'] },
    wrongType: (urn) => `Tried to add an upstream to a dataJob that isn't a datJob or dataset. Upstream urn: ${urn}`,
    initial: JOB_LISTS,
  },
};

/** The job's outputs, for a dataset downstream of a data job. */
const JOB_OUTPUTS: EdgeTarget = {
  aspect: 'dataJobInputOutput',
  lists: { dataset: ['outputDatasetEdges', 'outputDatasets'] },
  wrongType: (urn) => `Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: ${urn}`,
  initial: JOB_LISTS,
};

type Change = { add: string[]; remove: string[] };
/** Keyed by entity and target: a job may gain inputs and outputs in one request. */
type Pending = Map<string, { urn: string; target: EdgeTarget | 'dataset'; change: Change }>;

function note(pending: Pending, urn: string, target: EdgeTarget | 'dataset', other: string, add: boolean): void {
  const key = `${urn} ${target === 'dataset' ? 'upstreamLineage' : Object.keys(target.lists).join()}`;
  const entry = pending.get(key) ?? { urn, target, change: { add: [], remove: [] } };
  (add ? entry.change.add : entry.change.remove).push(other);
  pending.set(key, entry);
}

function mustExist(ctx: GraphqlContext, urn: string): void {
  if (!ctx.store.entityExists(urn)) throw badRequestError(`Error: urn does not exist: ${urn}`);
}

/** The writes the edges make, each target's aspect keyed by its entity; every edge checked first. */
function planOf(ctx: GraphqlContext, toAdd: readonly LineageEdge[], toRemove: readonly LineageEdge[]): Pending {
  const pending: Pending = new Map();
  for (const [edges, add] of [
    [toAdd, true],
    [toRemove, false],
  ] as const) {
    for (const { downstreamUrn, upstreamUrn } of edges) {
      const downstreamType = entityNameOf(ctx, downstreamUrn);
      const upstreamType = entityNameOf(ctx, upstreamUrn);
      if (!ctx.store.entityExists(downstreamUrn))
        throw badRequestError(`Cannot upsert lineage as downstream urn ${downstreamUrn} doesn't exist`);
      if (downstreamType === 'dataset' && upstreamType === 'dataJob') {
        if (!ctx.store.entityExists(upstreamUrn))
          throw badRequestError(`Cannot upsert lineage as downstream urn ${upstreamUrn} doesn't exist`);
        note(pending, upstreamUrn, JOB_OUTPUTS, downstreamUrn, add);
        continue;
      }
      if (downstreamType === 'dataset') {
        if (add && upstreamType !== 'dataset') throw badRequestError(JOB_OUTPUTS.wrongType(upstreamUrn));
        if (add) mustExist(ctx, upstreamUrn);
        note(pending, downstreamUrn, 'dataset', upstreamUrn, add);
        continue;
      }
      const target = EDGE_TARGETS[downstreamType];
      if (!target)
        throw badRequestError(`downstreamUrn ${downstreamUrn}: lineage of ${downstreamType} entities cannot be edited`);
      if (add && !target.lists[upstreamType]) throw badRequestError(target.wrongType(upstreamUrn));
      if (add) mustExist(ctx, upstreamUrn);
      if (target.missing && !ctx.store.getAspect(downstreamUrn, target.aspect, 0))
        throw badRequestError(target.missing(downstreamUrn));
      note(pending, downstreamUrn, target, upstreamUrn, add);
    }
  }
  return pending;
}

function withEdges(
  ctx: GraphqlContext,
  urn: string,
  target: EdgeTarget,
  { add, remove }: Change,
  write: WriteContext,
): Record<string, unknown> {
  const aspect = { ...structuredClone(target.initial ?? {}), ...storedCopy(ctx, urn, target.aspect) };
  for (const other of new Set(add)) {
    const [edgesField, legacyField] = target.lists[entityNameOf(ctx, other)]!;
    const edges = objectsOf(aspect[edgesField]);
    const legacy = Array.isArray(aspect[legacyField]) ? (aspect[legacyField] as unknown[]) : [];
    if (edges.some((e) => e.destinationUrn === other) || legacy.includes(other)) continue;
    edges.push({
      destinationUrn: other,
      sourceUrn: urn,
      created: stamp(write),
      lastModified: stamp(write),
      properties: { source: 'UI' },
    });
    aspect[edgesField] = edges;
  }
  for (const [edgesField, legacyField] of new Set(Object.values(target.lists))) {
    if (Array.isArray(aspect[edgesField]))
      aspect[edgesField] = objectsOf(aspect[edgesField]).filter((e) => !remove.includes(String(e.destinationUrn)));
    if (Array.isArray(aspect[legacyField]))
      aspect[legacyField] = (aspect[legacyField] as unknown[]).filter((u) => !remove.includes(String(u)));
  }
  return aspect;
}

function withUpstreams(ctx: GraphqlContext, urn: string, { add, remove }: Change, write: WriteContext) {
  const lineage = storedCopy(ctx, urn, 'upstreamLineage');
  const upstreams = objectsOf(lineage.upstreams);
  for (const other of new Set(add)) {
    if (upstreams.some((u) => u.dataset === other)) continue;
    upstreams.push({
      dataset: other,
      type: 'TRANSFORMED',
      auditStamp: stamp(write),
      created: stamp(write),
      properties: { source: 'UI' },
    });
  }
  return { ...lineage, upstreams: upstreams.filter((u) => !remove.includes(String(u.dataset))) };
}

export function updateLineage(
  ctx: GraphqlContext,
  input: { edgesToAdd: readonly (LineageEdge | null)[]; edgesToRemove: readonly (LineageEdge | null)[] },
): boolean {
  const toAdd = input.edgesToAdd.filter((e): e is LineageEdge => e != null);
  const toRemove = input.edgesToRemove.filter((e): e is LineageEdge => e != null);
  const write = authorizeAll(
    ctx,
    [...toAdd, ...toRemove].flatMap((e) => [e.upstreamUrn, e.downstreamUrn]),
  );
  const pending = planOf(ctx, toAdd, toRemove);
  ctx.store.transaction(() => {
    for (const { urn, target, change } of pending.values()) {
      if (target === 'dataset') writeAspect(ctx, urn, 'upstreamLineage', withUpstreams(ctx, urn, change, write), write);
      else writeAspect(ctx, urn, target.aspect, withEdges(ctx, urn, target, change, write), write);
    }
  });
  return true;
}
