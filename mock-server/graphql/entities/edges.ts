/**
 * The edge fields of every entity: `relationships(input)`, the relationship index as the store keeps
 * it, and `lineage(input)`, one hop of the lineage graph built from the relationships the registry
 * marks isLineage, as upstream's LineageRegistry does (metadata-io/src/main/java/com/linkedin/metadata/graph/LineageRegistry.java):
 * for `A <name> B` with isUpstream (the default) B is upstream of A and A downstream of B; with
 * isUpstream false (Produces) the other way round.
 */
import { tryParseUrn, type Contract } from '../../../spec/index.js';
import type { RelatedEdge, RelationshipDirection, RelationshipQuery } from '../../store/relationship-index.js';
import { badRequestError } from '../errors.js';
import { stringsOf } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';

export interface RelationshipsInput {
  types: string[];
  direction: RelationshipDirection;
  start?: number | null;
  count?: number | null;
  includeSoftDelete?: boolean | null;
}

export interface LineageInput {
  direction: 'UPSTREAM' | 'DOWNSTREAM';
  start?: number | null;
  count?: number | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  includeGhostEntities?: boolean | null;
  separateSiblings?: boolean | null;
}

/** A time window of lineage edges (inclusive milliseconds). */
export type EdgeWindow = RelationshipQuery['window'];

/** Upstream's ResolverUtils.getLineageEndTimeMillis: the end given, else now when a start is given. */
export const lineageEnd = (startTimeMillis?: number | null, endTimeMillis?: number | null): number | null =>
  endTimeMillis ?? (startTimeMillis != null ? Date.now() : null);

/**
 * The window of a lineage read: edges are filtered only with both a start and an end
 * (ESGraphQueryDAO.getLineageQuery), the end being now when only the start is given.
 */
export function lineageWindow(
  startTimeMillis: number | null | undefined,
  endTimeMillis: number | null | undefined,
): EdgeWindow {
  return startTimeMillis != null && endTimeMillis != null
    ? { since: startTimeMillis, until: endTimeMillis }
    : undefined;
}

/** Upstream's default page size for the relationships and lineage fields. */
const DEFAULT_COUNT = 100;
/** Every edge of one kind an entity has; lineage pages over all of them after leaving out ghosts. */
const ALL_EDGES = 10_000;

/** A lineage relationship of the registry: its source entity type, name, destination types, and whether the destination is upstream. */
interface LineageEdge {
  source: string;
  name: string;
  destinations: readonly string[];
  upstream: boolean;
}

const LINEAGE_EDGES = new WeakMap<Contract, readonly LineageEdge[]>();

/**
 * The lineage relationships of the registry, as upstream's LineageRegistry gathers them: every
 * relationship annotated isLineage on an aspect an entity type holds (UpstreamLineage, ChartInfo,
 * DashboardInfo, DataJobInputOutput, MLModelProperties), read once per contract.
 */
function lineageEdgesOf(contract: Contract): readonly LineageEdge[] {
  let edges = LINEAGE_EDGES.get(contract);
  if (!edges) {
    const found = new Map<string, LineageEdge>();
    for (const entity of contract.entities.values()) {
      for (const aspect of entity.aspects) {
        for (const relationship of contract.aspects.get(aspect)?.relationships ?? []) {
          if (!relationship.lineage) continue;
          const edge = {
            source: entity.name,
            name: relationship.name,
            destinations: relationship.entityTypes,
            upstream: relationship.lineage.isUpstream,
          };
          found.set(JSON.stringify(edge), edge);
        }
      }
    }
    edges = [...found.values()];
    LINEAGE_EDGES.set(contract, edges);
  }
  return edges;
}

const SCHEMA_FIELD = 'schemaField';

/**
 * The (relationship, direction, entity types on the other side) an entity type follows in one lineage direction.
 * A schema field follows only the column-level edges between fields (`DownstreamOf`, outgoing upstream and
 * incoming downstream), as upstream's LineageRegistry.getLineageRelationships answers for it (entity-registry, v1.3.0.1).
 */
function lineageSteps(
  contract: Contract,
  entityType: string,
  direction: LineageInput['direction'],
): { name: string; direction: RelationshipDirection; others: readonly string[] }[] {
  const wantUpstream = direction === 'UPSTREAM';
  if (entityType === SCHEMA_FIELD)
    return [{ name: 'DownstreamOf', direction: wantUpstream ? 'OUTGOING' : 'INCOMING', others: [SCHEMA_FIELD] }];
  return lineageEdgesOf(contract).flatMap((edge) => {
    const steps = [];
    if (edge.source === entityType && edge.upstream === wantUpstream)
      steps.push({ name: edge.name, direction: 'OUTGOING' as const, others: edge.destinations });
    if (edge.destinations.includes(entityType) && edge.upstream !== wantUpstream)
      steps.push({ name: edge.name, direction: 'INCOMING' as const, others: [edge.source] });
    return steps;
  });
}

export function relationshipsOf(view: EntityView, urn: string): (args: { input: RelationshipsInput }) => OutputRecord {
  return ({ input }) => {
    const start = input.start ?? 0;
    const page = view.store.relationships({
      urn,
      direction: input.direction,
      types: input.types,
      start,
      count: input.count ?? DEFAULT_COUNT,
    });
    const kept = page.relationships.filter(
      (edge) => input.includeSoftDelete !== false || !view.store.isSoftDeleted(edge.entity),
    );
    const relationships = kept.map((edge) =>
      view.shapes.record('EntityRelationship', {
        type: edge.type,
        direction: input.direction,
        entity: () => view.entity(edge.entity),
      }),
    );
    return view.shapes.record('EntityRelationshipsResult', {
      start,
      count: relationships.length,
      total: page.total,
      relationships,
    });
  };
}

/**
 * Every lineage edge of an entity in one direction (within the window, if any), to entities that may
 * not exist or be soft-deleted.
 */
export function lineageEdges(
  view: EntityView,
  urn: string,
  direction: LineageInput['direction'],
  window?: EdgeWindow,
): RelatedEdge[] {
  const entityType = tryParseUrn(urn)?.entityType ?? '';
  const steps = lineageSteps(view.contract, entityType, direction);
  // One read per direction of every step's relationships, then each step's edges in turn, as many as a page of ALL_EDGES.
  const read = new Map<RelationshipDirection, RelatedEdge[]>();
  const edgesOf = (way: RelationshipDirection): RelatedEdge[] => {
    let found = read.get(way);
    if (!found) {
      const types = [...new Set(steps.filter((s) => s.direction === way).map((s) => s.name))];
      found = view.store.relationshipEdges({ urn, direction: way, types, ...(window ? { window } : {}) });
      read.set(way, found);
    }
    return found;
  };
  const edges: RelatedEdge[] = [];
  for (const step of steps) {
    let paged = 0;
    for (const edge of edgesOf(step.direction)) {
      if (edge.type !== step.name) continue;
      if (paged++ === ALL_EDGES) break;
      if (step.others.includes(tryParseUrn(edge.entity)?.entityType ?? '')) edges.push(edge);
    }
  }
  return edges;
}

/** A lineage edge and the entity whose edge it is (the entity asked about, or one of its siblings). */
interface LineageHop {
  from: string;
  edge: RelatedEdge;
}

/** The lineage edges of an entity merged with its siblings', and how many were left out doing so. */
interface MergedHops {
  hops: LineageHop[];
  filtered: number;
}

const siblingsOf = (view: EntityView, urn: string): { primary: boolean; siblings: string[] } | undefined => {
  const aspect = view.aspectsOf(urn).aspect('siblings');
  if (!aspect) return undefined;
  return { primary: aspect.primary === true, siblings: stringsOf(aspect.siblings) };
};

/**
 * Upstream's SiblingGraphService.getLineage without separateSiblings
 * (metadata-io/src/main/java/com/linkedin/metadata/graph/SiblingGraphService.java, v1.3.0.1): the
 * entity's edges and each sibling's, without edges into the sibling group, each other entity once
 * (the first edge found), and without a result that is not its group's primary while one of its
 * siblings is in the result too; every edge so left out counts as filtered.
 */
function siblingMergedHops(
  view: EntityView,
  urn: string,
  direction: LineageInput['direction'],
  window: EdgeWindow,
): MergedHops {
  const own = lineageEdges(view, urn, direction, window).map((edge) => ({ from: urn, edge }));
  const group = siblingsOf(view, urn);
  if (!group || group.siblings.length === 0) return { hops: own, filtered: 0 };
  const members = new Set([urn, ...group.siblings]);
  const hops: LineageHop[] = [];
  const seen = new Set<string>();
  let filtered = 0;
  for (const member of members) {
    const memberHops =
      member === urn ? own : lineageEdges(view, member, direction, window).map((edge) => ({ from: member, edge }));
    for (const hop of memberHops) {
      if ((members.has(hop.edge.entity) && hop.edge.entity !== member) || seen.has(hop.edge.entity)) filtered += 1;
      else {
        seen.add(hop.edge.entity);
        hops.push(hop);
      }
    }
  }
  const kept = hops.filter((hop) => {
    const other = siblingsOf(view, hop.edge.entity);
    return !other || other.primary || !other.siblings.some((sibling) => seen.has(sibling));
  });
  return { hops: kept, filtered: filtered + hops.length - kept.length };
}

/**
 * One hop of lineage (upstream's EntityLineageResultResolver asks its graph service for one hop,
 * datahub-graphql-core/.../resolvers/load/EntityLineageResultResolver.java, v1.3.0.1): the edges of the
 * lineage steps within the input's time window, merged with the siblings' unless separateSiblings,
 * without entities that do not exist or are soft-deleted unless includeGhostEntities (counted in
 * `filtered`), ordered by URN, paged by start and count; each with its edge's times, actors, whether
 * it was drawn by hand, and its path (the entity whose edge it is, then the entity reached), as
 * upstream's resolver maps them (createdOn, createdActor, updatedOn, updatedActor, isManual, paths).
 */
export function lineageOf(view: EntityView, urn: string): (args: { input: LineageInput }) => OutputRecord {
  return ({ input }) => {
    const start = input.start ?? 0;
    const count = input.count ?? DEFAULT_COUNT;
    if (start < 0) throw badRequestError(`input.start: must be 0 or more, got ${start}`);
    if (count < 0) throw badRequestError(`input.count: must be 0 or more, got ${count}`);
    const window = lineageWindow(input.startTimeMillis, lineageEnd(input.startTimeMillis, input.endTimeMillis));
    const merged: MergedHops = input.separateSiblings
      ? { hops: lineageEdges(view, urn, input.direction, window).map((edge) => ({ from: urn, edge })), filtered: 0 }
      : siblingMergedHops(view, urn, input.direction, window);
    const visible = input.includeGhostEntities
      ? merged.hops
      : merged.hops.filter(
          ({ edge }) => view.store.entityExists(edge.entity) && !view.store.isSoftDeleted(edge.entity),
        );
    visible.sort((a, b) =>
      a.edge.entity === b.edge.entity ? a.edge.type.localeCompare(b.edge.type) : a.edge.entity < b.edge.entity ? -1 : 1,
    );
    const page = visible.slice(start, start + count);
    // The page names few entities many times (the entity asked about in every path, the same actors, each
    // entity reached again in its path): each record is built once for the page, and read while this field's
    // answer is completed (its records read their aspects when asked, as before).
    const records = new Map<string, OutputRecord | null>();
    const entity = (of: string): OutputRecord | null => {
      let record = records.get(of);
      if (record === undefined) records.set(of, (record = view.entity(of)));
      return record;
    };
    const relationships = page.map(({ from, edge }) =>
      view.shapes.record('LineageRelationship', {
        type: edge.type,
        entity: () => entity(edge.entity),
        degree: 1,
        createdOn: edge.createdOn,
        createdActor: () => (edge.createdActor === null ? null : entity(edge.createdActor)),
        updatedOn: edge.updatedOn,
        updatedActor: () => (edge.updatedActor === null ? null : entity(edge.updatedActor)),
        isManual: edge.manual === 1,
        paths: () => [view.shapes.record('EntityPath', { path: [entity(from), entity(edge.entity)] })],
      }),
    );
    return view.shapes.record('EntityLineageResult', {
      start,
      count: relationships.length,
      total: visible.length,
      filtered: merged.filtered + merged.hops.length - visible.length,
      relationships,
    });
  };
}

/** The URNs at the source end of an entity's incoming edges of one relationship, as the graph lists them (at most `count`). */
export function incomingUrns(view: EntityView, urn: string, relationship: string, count: number): string[] {
  return view.store
    .relationships({ urn, direction: 'INCOMING', types: [relationship], start: 0, count })
    .relationships.map((edge) => edge.entity);
}
