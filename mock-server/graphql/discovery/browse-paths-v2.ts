/**
 * The browse path V2 of an entity, as a list of entry ids: its stored `browsePathsV2` aspect (the ids of its `path`
 * entries, as upstream indexes `/*\/id` in its `browsePathV2` field), else the default upstream writes when it creates
 * an entity without one (metadata-io/.../search/utils/BrowsePathV2Utils.java, getDefaultBrowsePathV2, v1.3.0.1): the
 * chain of its containers, outermost first, for a dataset, chart or dashboard that has any; for a dataset without,
 * its name split at its platform's `datasetNameDelimiter` (`.` when the platform has none) less the last part; for a
 * data job its flow; `Default` otherwise. The mock computes the default when read, from the aspects stored then.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { EntityView } from '../entities/entity-view.js';

const DEFAULT_FOLDER = 'Default';
const CONTAINED = new Set(['dataset', 'chart', 'dashboard']);

/** The containers of `urn`, outermost first (a container seen twice ends the chain). */
function containerChain(view: EntityView, urn: string): string[] {
  const chain: string[] = [];
  const seen = new Set([urn]);
  let current = urn;
  for (;;) {
    const parent = (view.store.getAspect(current, 'container', 0)?.value as { container?: unknown } | undefined)
      ?.container;
    if (typeof parent !== 'string' || seen.has(parent)) return chain;
    seen.add(parent);
    chain.unshift(parent);
    current = parent;
  }
}

function datasetNameFolders(view: EntityView, platform: string | undefined, name: string): string[] {
  const info = platform ? view.store.getAspect(platform, 'dataPlatformInfo', 0)?.value : undefined;
  const configured = (info as { datasetNameDelimiter?: unknown } | undefined)?.datasetNameDelimiter;
  const delimiter = typeof configured === 'string' && configured !== '' ? configured.charAt(0) : '.';
  if (!name.includes(delimiter)) return [];
  const parts = name.split(delimiter).filter((part) => part !== '');
  return parts.slice(0, -1);
}

/** One entry of a browse path V2: its id, and the entity it stands for when it has one (a container, a flow). */
export interface BrowsePathEntry {
  id: string;
  urn?: string;
}

export function browsePathV2Entries(view: EntityView, urn: string): BrowsePathEntry[] {
  const stored = view.store.getAspect(urn, 'browsePathsV2', 0)?.value as { path?: unknown } | undefined;
  if (Array.isArray(stored?.path))
    return stored.path.flatMap((entry: { id?: unknown; urn?: unknown }) =>
      typeof entry?.id === 'string'
        ? [{ id: entry.id, ...(typeof entry.urn === 'string' ? { urn: entry.urn } : {}) }]
        : [],
    );
  const parsed = tryParseUrn(urn);
  const entity = parsed?.entityType ?? '';
  const containers = CONTAINED.has(entity) ? containerChain(view, urn) : [];
  if (containers.length > 0) return containers.map((container) => ({ id: container, urn: container }));
  if (entity === 'dataset') {
    const folders = datasetNameFolders(view, parsed?.parts[0], parsed?.parts[1] ?? '');
    return (folders.length > 0 ? folders : [DEFAULT_FOLDER]).map((id) => ({ id }));
  }
  const flow = entity === 'dataJob' ? parsed?.parts[0] : undefined;
  if (flow) return [{ id: flow, urn: flow }];
  return [{ id: DEFAULT_FOLDER }];
}

export const browsePathV2Ids = (view: EntityView, urn: string): string[] =>
  browsePathV2Entries(view, urn).map(({ id }) => id);
