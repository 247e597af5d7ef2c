/**
 * The walk of searchAcrossLineage through the lineage graph, as upstream's ESGraphQueryDAO.getLineage
 * walks it (metadata-io/src/main/java/com/linkedin/metadata/graph/elastic/ESGraphQueryDAO.java): level
 * by level from the source in one direction, each entity reached first with the fewest hops as its
 * degree and the path that reached it (source first), through the edges of the lineage flags' time
 * window only (../entities/edges.ts), and with the lineage flags' two ways of shaping a lineage screen:
 * - `ignoreAsHops`: an entity of a listed type (and, when platforms are listed, of one of them, by the
 *   platform of its key: DataPlatformInstanceUtils.getDataPlatform) is walked through within the hop
 *   that reached it, so what lies beyond it has its degree (processOneHopLineage), and is marked
 *   `ignoredAsHop`;
 * - `entitiesExploredPerHopLimit`: each entity of a level reaches at most that many entities
 *   (ESGraphQueryDAO.extractRelationshipsFromSearchResponses; a neighbour already reached counts, one
 *   of the level itself does not), and when it reaches that many, the entities it reached are marked
 *   `truncatedChildren`. Upstream takes them in the iteration order of a hash set, so which ones is
 *   unspecified; the mock takes them in the order of their URNs. A limit of 0 is no limit
 *   (LineageSearchService.isLineageVisualization asks for more than 0), unless ignoreAsHops is given
 *   too: then upstream's grouped query returns nothing at all (executeGroupByLineageSearchQuery), and
 *   so does the mock's walk.
 * The walk goes as many hops as upstream's (LineageSearchService.applyMaxHopsLimit): 20 with either
 * flag (a lineage screen: lineageMaxHops), 1,000 without (impact analysis: impact.maxHops), fewer when
 * the search's degree filter asks only for 1 or 2 (SearchUtils.getMaxHops); an entity is `explored`
 * when the walk went on from it, that is, reached before the last hop.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { defaultPlatform } from '../../store/default-aspects.js';
import { lineageEdges, lineageEnd, lineageWindow, type EdgeWindow } from '../entities/edges.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { servedEntityName } from './entity-types.js';

export interface LineageFlagsInput {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  entitiesExploredPerHopLimit?: number | null;
  ignoreAsHops?: readonly { entityType: string; platforms?: readonly string[] | null }[] | null;
}

export interface WalkInput {
  direction: 'UPSTREAM' | 'DOWNSTREAM';
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  lineageFlags?: LineageFlagsInput | null;
}

export interface Reached {
  degree: number;
  /** The entities from the source to this one, both included. */
  path: string[];
  explored: boolean;
  ignoredAsHop: boolean;
  truncatedChildren: boolean;
}

/** Upstream's default hops of a lineage screen's walk (elasticsearch.search.graph.lineageMaxHops) and of impact analysis (impact.maxHops). */
const LINEAGE_MAX_HOPS = 20;
const IMPACT_MAX_HOPS = 1000;

/** SearchUtils.getMaxHops: a filter on `degree` without "3+" walks only as far as the farthest degree it names. */
function degreeHops(degreeValues: readonly string[]): number | undefined {
  if (degreeValues.includes('3+')) return undefined;
  return degreeValues.includes('2') ? 2 : degreeValues.includes('1') ? 1 : undefined;
}

/**
 * The time window of every hop, as SearchAcrossLineageResolver and LineageFlagsInputMapper make it:
 * lineageFlags' start and end (the end now when only the start is given), each falling back to the
 * deprecated input fields' (the same rule).
 */
function walkWindow(input: WalkInput): EdgeWindow {
  const flags = input.lineageFlags;
  const since = flags?.startTimeMillis ?? input.startTimeMillis;
  const until =
    lineageEnd(flags?.startTimeMillis, flags?.endTimeMillis) ?? lineageEnd(input.startTimeMillis, input.endTimeMillis);
  return lineageWindow(since, until);
}

/**
 * Which reached entities are walked through without counting a hop: entity name to its platform URNs,
 * empty for every platform (LineageFlagsInputMapper.mapIgnoreAsHops; a platform that is not a URN is
 * upstream's IllegalArgumentException of UrnUtils.getUrn, a BAD_REQUEST). Types the schema does not
 * serve are never in the lineage graph, so they match nothing.
 */
function ignoredTypes(flags: LineageFlagsInput | null | undefined): ReadonlyMap<string, ReadonlySet<string>> {
  const ignored = new Map<string, Set<string>>();
  (flags?.ignoreAsHops ?? []).forEach(({ entityType, platforms }, i) => {
    const name = servedEntityName(entityType);
    (platforms ?? []).forEach((platform, j) => {
      if (!tryParseUrn(platform))
        throw badRequestError(`input.lineageFlags.ignoreAsHops[${i}].platforms[${j}]: '${platform}' is not a URN`);
    });
    if (name !== undefined) ignored.set(name, new Set([...(ignored.get(name) ?? []), ...(platforms ?? [])]));
  });
  return ignored;
}

/** `degreeValues`: the values of the search filter's criteria on `degree`, whatever their alternative. */
export function walkLineage(
  view: EntityView,
  source: string,
  input: WalkInput,
  degreeValues: readonly string[],
): Map<string, Reached> {
  const window = walkWindow(input);
  const ignored = ignoredTypes(input.lineageFlags);
  const limitGiven = input.lineageFlags?.entitiesExploredPerHopLimit;
  if (limitGiven != null && limitGiven < 0)
    throw badRequestError(`input.lineageFlags.entitiesExploredPerHopLimit: must be 0 or more, got ${limitGiven}`);
  const limit = limitGiven != null && limitGiven > 0 ? limitGiven : undefined;
  const walksNothing = limitGiven === 0 && ignored.size > 0;
  const configHops = limit !== undefined || ignored.size > 0 ? LINEAGE_MAX_HOPS : IMPACT_MAX_HOPS;
  const maxHops = Math.min(configHops, degreeHops(degreeValues) ?? configHops);

  const isIgnored = (urn: string): boolean => {
    const parsed = tryParseUrn(urn);
    const platforms = parsed ? ignored.get(parsed.entityType) : undefined;
    if (!parsed || !platforms) return false;
    if (platforms.size === 0) return true;
    const entity = view.contract.entity(parsed.entityType);
    const platform = entity ? defaultPlatform(view.contract, entity, parsed) : undefined;
    return platform !== undefined && platforms.has(platform);
  };

  const reached = new Map<string, Reached>([
    [source, { degree: 0, path: [source], explored: true, ignoredAsHop: false, truncatedChildren: false }],
  ]);
  /** One level's step: the entities each of `level` reaches, added to `reached` at `degree`; returns them. */
  const step = (level: readonly string[], degree: number): string[] => {
    const inLevel = new Set(level);
    const found: string[] = [];
    for (const urn of level) {
      const discovered = new Set<string>();
      const fromHere: Reached[] = [];
      const edges = lineageEdges(view, urn, input.direction, window);
      if (limit !== undefined) edges.sort((a, b) => (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0));
      for (const { entity } of edges) {
        if (inLevel.has(entity) || discovered.has(entity)) continue;
        if (limit !== undefined && discovered.size >= limit) break;
        discovered.add(entity);
        if (reached.has(entity)) continue;
        const next: Reached = {
          degree,
          path: [...(reached.get(urn)?.path ?? []), entity],
          explored: degree < maxHops,
          ignoredAsHop: isIgnored(entity),
          truncatedChildren: false,
        };
        reached.set(entity, next);
        fromHere.push(next);
        found.push(entity);
      }
      if (limit !== undefined && discovered.size >= limit) for (const next of fromHere) next.truncatedChildren = true;
    }
    return found;
  };

  let frontier = walksNothing ? [] : [source];
  for (let hop = 1; frontier.length > 0 && hop <= maxHops; hop++) {
    const next = step(frontier, hop);
    // The entities walked through without counting a hop reach theirs within this hop, again and again.
    for (let through = next.filter((urn) => reached.get(urn)?.ignoredAsHop); through.length > 0;) {
      const beyond = step(through, hop);
      next.push(...beyond);
      through = beyond.filter((urn) => reached.get(urn)?.ignoredAsHop);
    }
    frontier = next;
  }
  reached.delete(source);
  return reached;
}
