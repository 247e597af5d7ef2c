/**
 * Lineage drawn by hand (upstream's UpdateLineageResolver under resolvers/lineage/ over
 * LineageService.updateDatasetLineage, datahub-graphql-core and metadata-service/services at v1.3.0.1): the
 * edges are grouped by their downstream, which must exist; a dataset downstream's upstreamLineage gains each
 * new upstream dataset (type TRANSFORMED, the caller in its stamps, property source UI) and loses the ones
 * removed, so the lineage read through the relationship index follows. An upstream to add must be a dataset
 * that exists (a data job upstream is left out of a dataset's lineage, as upstream filters it). Lineage of
 * charts, dashboards and data jobs, which upstream writes into their info and input-output aspects, is not
 * applied by the mock: such an edge is refused naming its downstream, nothing written.
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

function byDownstream(edges: readonly (LineageEdge | null)[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const edge of edges)
    if (edge) map.set(edge.downstreamUrn, [...(map.get(edge.downstreamUrn) ?? []), edge.upstreamUrn]);
  return map;
}

function datasetLineage(
  ctx: GraphqlContext,
  downstream: string,
  add: readonly string[],
  remove: readonly string[],
  write: WriteContext,
): Record<string, unknown> {
  const lineage = storedCopy(ctx, downstream, 'upstreamLineage');
  const upstreams = objectsOf(lineage.upstreams);
  for (const urn of new Set(add)) {
    if (upstreams.some((u) => u.dataset === urn)) continue;
    upstreams.push({
      dataset: urn,
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
  const edges = [...input.edgesToAdd, ...input.edgesToRemove].filter((e): e is LineageEdge => e != null);
  const write = authorizeAll(
    ctx,
    edges.flatMap((e) => [e.upstreamUrn, e.downstreamUrn]),
  );
  const toAdd = byDownstream(input.edgesToAdd);
  const toRemove = byDownstream(input.edgesToRemove);
  const writes: [string, Record<string, unknown>][] = [];
  for (const downstream of new Set([...toAdd.keys(), ...toRemove.keys()])) {
    const type = entityNameOf(ctx, downstream);
    if (!ctx.store.entityExists(downstream))
      throw badRequestError(`Cannot upsert lineage as downstream urn ${downstream} doesn't exist`);
    if (type !== 'dataset')
      throw badRequestError(
        `Lineage edits of ${type} entities are not applied by the mock (downstreamUrn ${downstream})`,
      );
    const add = (toAdd.get(downstream) ?? []).filter((urn) => entityNameOf(ctx, urn) !== 'dataJob');
    for (const urn of add) {
      if (entityNameOf(ctx, urn) !== 'dataset')
        throw badRequestError(
          `Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: ${urn}`,
        );
      if (!ctx.store.entityExists(urn)) throw badRequestError(`upstreamUrn ${urn} does not exist`);
    }
    writes.push([downstream, datasetLineage(ctx, downstream, add, toRemove.get(downstream) ?? [], write)]);
  }
  ctx.store.transaction(() => {
    for (const [urn, lineage] of writes) writeAspect(ctx, urn, 'upstreamLineage', lineage, write);
  });
  return true;
}
