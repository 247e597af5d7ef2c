/**
 * The lists the search page's sidebar and the glossary start from: listDomains (upstream's ListDomainsResolver,
 * v1.3.0.1: the domains matching `query` (`*`) whose parent is `parentDomain`, the top-level ones without it, newest
 * first by domainProperties.created, start 0 and count 20 by default) and getRootGlossaryTerms
 * (GetRootGlossaryTermsResolver: the terms without a parent node, `hasParentNode` false in the index), and
 * getRootGlossaryNodes the same of nodes (GetRootGlossaryNodesResolver). The index has
 * no fields of the domainProperties aspect (the spec has no schema for it), so the mock reads each matching domain's
 * aspect for its parent and creation time.
 */
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { nonNegative } from './search-results.js';
import { tryParseUrn } from '../../../spec/index.js';

interface ListDomainsInput {
  start?: number | null;
  count?: number | null;
  query?: string | null;
  parentDomain?: string | null;
}

const DEFAULT_COUNT = 20;

/** Every hit of a search of one entity type, in the index's order. */
function allHits(
  view: EntityView,
  entity: string,
  input: string,
  filter?: Parameters<EntityView['discovery']['search']>[0]['filter'],
): string[] {
  const request = { input, entity, start: 0, count: 0, ...(filter ? { filter } : {}) };
  const total = view.discovery.search(request).numEntities;
  return total === 0 ? [] : view.discovery.search({ ...request, count: total }).entities;
}

export function listDomains(view: EntityView, input: ListDomainsInput): OutputRecord {
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, DEFAULT_COUNT, 'input.count');
  const parent = input.parentDomain ?? null;
  if (parent !== null && !tryParseUrn(parent)) throw badRequestError(`input.parentDomain: '${parent}' is not a URN`);
  const properties = (urn: string) =>
    view.store.getAspect(urn, 'domainProperties', 0)?.value as
      { parentDomain?: unknown; created?: { time?: unknown } } | undefined;
  const created = (urn: string): number => {
    const time = properties(urn)?.created?.time;
    return typeof time === 'number' ? time : -Infinity;
  };
  const domains = allHits(view, 'domain', input.query || '*')
    .filter((urn) => (properties(urn)?.parentDomain ?? null) === parent)
    .sort((a, b) => created(b) - created(a));
  const page = domains.slice(start, start + count);
  return view.shapes.record('ListDomainsResult', {
    start,
    count: page.length,
    total: domains.length,
    domains: page.map((urn) => view.entity(urn)),
  });
}

interface RootGlossaryInput {
  start: number;
  count: number;
}

/** A page of the glossary entities of one type that have no parent node. */
function rootGlossaryPage(view: EntityView, entity: string, input: RootGlossaryInput) {
  const start = nonNegative(input.start, 0, 'input.start');
  const count = nonNegative(input.count, 0, 'input.count');
  const result = view.discovery.search({
    input: '*',
    entity,
    start,
    count,
    filter: { or: [{ and: [{ field: 'hasParentNode', values: ['false'], condition: 'EQUAL' }] }] },
  });
  const entities = result.entities.map((urn) => view.entity(urn));
  return { entities, start, count: entities.length, total: result.numEntities };
}

export function getRootGlossaryTerms(view: EntityView, input: RootGlossaryInput): OutputRecord {
  const { entities, ...page } = rootGlossaryPage(view, 'glossaryTerm', input);
  return view.shapes.record('GetRootGlossaryTermsResult', { terms: entities, ...page });
}

export function getRootGlossaryNodes(view: EntityView, input: RootGlossaryInput): OutputRecord {
  const { entities, ...page } = rootGlossaryPage(view, 'glossaryNode', input);
  return view.shapes.record('GetRootGlossaryNodesResult', { nodes: entities, ...page });
}
