/**
 * Which entities a pull takes: URNs given by name, the hits of searches, everything under browse
 * paths, and then what relationships of the given types reach from them in N hops (both directions).
 * Responses are read in either shape (deployment/), so a real deployment and the mock in both profiles work.
 */
import { restliEncode, restliList } from '../deployment/index.js';
import { BROWSE_RESULT, RELATED, SEARCH_RESULT } from './answer-shapes.js';
import type { DeploymentReader } from './deployment-reader.js';

export interface Selection {
  urns?: string[];
  /** A search per entity type: `input` as the search action takes it. */
  search?: { query: string; entities: string[]; filter?: unknown; limit?: number };
  /** Browse paths, each walked to its leaves, per entity type. */
  browse?: { paths: string[]; entities: string[] };
  /** Relationship types followed from every selected entity, `hops` times (default 1). */
  follow?: { types: string[]; hops?: number };
}

export const DEFAULT_SEARCH_LIMIT = 1000;
const PAGE = 100;

type Progress = (line: string) => void;

async function searchHits(
  reader: DeploymentReader,
  entity: string,
  query: string,
  filter: unknown,
  limit: number,
): Promise<string[]> {
  const urns: string[] = [];
  while (urns.length < limit) {
    const count = Math.min(PAGE, limit - urns.length);
    const body = { input: query, entity, start: urns.length, count, ...(filter !== undefined ? { filter } : {}) };
    const page = await reader.action('/entities?action=search', body, SEARCH_RESULT);
    urns.push(...page);
    if (page.length < count) break;
  }
  return urns;
}

/** Every entity under `path` and its groups, depth first. */
async function browseAll(reader: DeploymentReader, entity: string, path: string): Promise<string[]> {
  const urns: string[] = [];
  const groups = new Set<string>();
  for (let start = 0; ; start += PAGE) {
    const page = await reader.action('/entities?action=browse', { path, entity, start, limit: PAGE }, BROWSE_RESULT);
    urns.push(...page.urns);
    for (const group of page.groups) groups.add(group);
    if (page.urns.length < PAGE) break;
  }
  for (const group of groups) urns.push(...(await browseAll(reader, entity, `${path.replace(/\/+$/, '')}/${group}`)));
  return urns;
}

async function neighbours(reader: DeploymentReader, urn: string, types: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const direction of ['OUTGOING', 'INCOMING']) {
    for (let start = 0; ; start += PAGE) {
      const query = `urn=${restliEncode(urn)}&direction=${direction}&types=${restliList(types)}&start=${start}&count=${PAGE}`;
      const page = await reader.get(`/relationships?${query}`, RELATED);
      found.push(...page);
      if (page.length < PAGE) break;
    }
  }
  return found;
}

/** The URNs of a selection, each once, in the order they were found. */
export async function selectedUrns(
  reader: DeploymentReader,
  selection: Selection,
  progress: Progress,
): Promise<string[]> {
  const urns = new Set(selection.urns ?? []);
  const { search, browse, follow } = selection;
  for (const entity of search?.entities ?? []) {
    const hits = await searchHits(reader, entity, search!.query, search!.filter, search!.limit ?? DEFAULT_SEARCH_LIMIT);
    progress(`search '${search!.query}' in ${entity}: ${hits.length} entities`);
    for (const urn of hits) urns.add(urn);
  }
  for (const entity of browse?.entities ?? []) {
    for (const path of browse!.paths) {
      const found = await browseAll(reader, entity, path);
      progress(`browse ${path} in ${entity}: ${found.length} entities`);
      for (const urn of found) urns.add(urn);
    }
  }
  let frontier = [...urns];
  for (let hop = 1; follow && hop <= (follow.hops ?? 1) && frontier.length; hop++) {
    const reached = (await Promise.all(frontier.map((urn) => neighbours(reader, urn, follow.types)))).flat();
    frontier = reached.filter((urn) => !urns.has(urn));
    for (const urn of frontier) urns.add(urn);
    frontier = [...new Set(frontier)];
    progress(`follow ${follow.types.join(',')} hop ${hop}: ${frontier.length} more entities`);
  }
  return [...urns];
}
