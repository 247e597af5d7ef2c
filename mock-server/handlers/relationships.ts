/**
 * GET /relationships: the URNs on the other side of the named relationships, in the document's shape
 * (`entities`) plus upstream's paging and edge list (`start`, `count`, `total`, `relationships`); the
 * upstream profile answers upstream's EntityRelationships alone.
 */
import type { Handler } from './context.js';
import { badRequest } from '../errors.js';
import { entityOf } from './entity-urn.js';

const DEFAULT_COUNT = 100;

export const getRelationships: Handler = ({ query, rawQuery, protocolVersion }, { contract, store, profile }) => {
  const urn = query.urn as string;
  entityOf(contract, urn, 'query.urn');
  // Rest.li takes a plain value for an array parameter only under protocol 1.0.0 (linkedin/rest.li
  // restli-server ResourceContextImpl.getParameterValues); GMS declares types as String[].
  if (
    profile === 'upstream' &&
    protocolVersion !== undefined &&
    !protocolVersion.startsWith('1.') &&
    !rawQuery.isList('types')
  ) {
    throw badRequest(
      'Invalid value type for parameter types (query.types: write it List(<name>,...) under protocol 2.0.0)',
    );
  }
  const types = rawQuery.list('types') ?? [];
  if (types.length === 0) throw badRequest('query.types: at least one relationship name is required');
  const start = (query.start as number | undefined) ?? 0;
  const count = (query.count as number | undefined) ?? DEFAULT_COUNT;
  const direction = query.direction as 'INCOMING' | 'OUTGOING';
  const { total, relationships: edges } = store.relationships({ urn, direction, types, start, count });
  const relationships = edges.map(({ entity, type }) => ({ entity, type }));
  const page = { start, count: relationships.length, total, relationships };
  return { json: profile === 'upstream' ? page : { entities: relationships.map((r) => r.entity), ...page } };
};
