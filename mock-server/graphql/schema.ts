/**
 * The executable GraphQL schema: the contract's SDL and resolvers over the store and its search
 * index. Every field is read from the store: records name each field of their type (records.ts), and
 * nothing is invented. The resolvers come from one list of type families (`FAMILIES`), each a
 * folder's `index.ts`; a new family is one line there, not wiring here.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, type GraphQLSchema } from 'graphql';
import type { Contract } from '../../spec/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { callerFamily } from './caller/index.js';
import type { GraphqlContext } from './context.js';
import { discoveryFamily } from './discovery/index.js';
import { editFamily } from './edits/index.js';
import { entityFamily } from './entities/index.js';
import { EntityView } from './entities/entity-view.js';
import { ENTITY_MAPPERS } from './entities/mappers.js';
import { RecordShapes } from './records.js';
import type { FieldResolvers, ResolverFamily, ViewOf } from './resolver-types.js';
import { viewFamily } from './views/index.js';

/** Every type family the schema's resolvers come from (upstream's resolvers/<family>/ packages). */
const FAMILIES: readonly ResolverFamily[] = [entityFamily, discoveryFamily, editFamily, viewFamily, callerFamily];

export interface CatalogSchema {
  schema: GraphQLSchema;
  shapes: RecordShapes;
}

/** The families' resolvers merged by type; a field two families claim is a defect of the table. */
function assemble(families: readonly ResolverFamily[], viewOf: ViewOf): FieldResolvers {
  const resolvers: FieldResolvers = {};
  for (const family of families) {
    for (const [type, fields] of Object.entries(family(viewOf))) {
      const into = (resolvers[type] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in into) throw new Error(`GraphQL field ${type}.${field} has a resolver in two families`);
        into[field] = resolver;
      }
    }
  }
  return resolvers;
}

/** One schema serves every store of the server (each session has its own): the view is the request's store's. */
export function catalogSchema(contract: Contract): CatalogSchema {
  const shapes = new RecordShapes(buildSchema(contract.graphqlSdl));
  const views = new WeakMap<CatalogStore, EntityView>();
  const viewOf = (ctx: GraphqlContext): EntityView => {
    let view = views.get(ctx.store);
    if (!view)
      views.set(
        ctx.store,
        (view = new EntityView(ctx.store, shapes, contract, ctx.discovery, ctx.profile, ENTITY_MAPPERS)),
      );
    return view;
  };
  const schema = makeExecutableSchema({ typeDefs: contract.graphqlSdl, resolvers: assemble(FAMILIES, viewOf) });
  return { schema, shapes };
}
