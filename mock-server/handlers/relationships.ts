/**
 * GET /relationships: the URNs on the other side of the named relationships, in the document's shape
 * (`entities`) plus upstream's paging and edge list (`start`, `count`, `total`, `relationships`).
 */
import type { Handler } from './context.js';
import { badRequest } from '../errors.js';
import { entityOf } from './entity-urn.js';

const DEFAULT_COUNT = 100;

export const getRelationships: Handler = ({ query, rawQuery }, { contract, store }) => {
  const urn = query.urn as string;
  entityOf(contract, urn, 'query.urn');
  const types = rawQuery.list('types') ?? [];
  if (types.length === 0) throw badRequest('query.types: at least one relationship name is required');
  const start = (query.start as number | undefined) ?? 0;
  const count = (query.count as number | undefined) ?? DEFAULT_COUNT;
  const direction = query.direction as 'INCOMING' | 'OUTGOING';
  const { total, relationships } = store.relationships({ urn, direction, types, start, count });
  return { json: { entities: relationships.map((r) => r.entity), start, count: relationships.length, total, relationships } };
};
