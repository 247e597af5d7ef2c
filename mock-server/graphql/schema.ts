/**
 * The executable GraphQL schema: the contract's SDL and resolvers over the store and its search
 * index. Every field is read from the store: records name each field of their type (records.ts), and
 * nothing is invented. The resolvers come from one list of type families (`FAMILIES`), each a
 * folder's `index.ts`; a new family is one line there, not wiring here. With a team's SDL
 * (`--graphql-schema`) that SDL is served: its fields the built-in SDL declares keep their resolvers, the
 * others are filled as a deployment without their data answers (overlay/fill.ts).
 */
import { createRequire } from 'node:module';
import { addResolversToSchema, makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Contract } from '../../spec/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { callerFamily } from './caller/index.js';
import type { GraphqlContext } from './context.js';
import { discoveryFamily } from './discovery/index.js';
import { editFamily } from './edits/index.js';
import { entityFamily } from './entities/index.js';
import { EntityView } from './entities/entity-view.js';
import { ENTITY_MAPPERS } from './entities/mappers.js';
import { homeFamily } from './home/index.js';
import { lifecycleFamily } from './lifecycle/index.js';
import { managementFamily } from './management/index.js';
import { fillUnknownFields } from './overlay/fill.js';
import { RecordShapes } from './records.js';
import { timelineFamily } from './timeline/index.js';
import type { FieldResolvers, ResolverFamily, ViewOf } from './resolver-types.js';
import { appConfigInputs } from './shell/app-config.js';
import { shellFamily } from './shell/index.js';
import { viewFamily } from './views/index.js';

/** Every type family the schema's resolvers come from (upstream's resolvers/<family>/ packages). */
const FAMILIES: readonly ResolverFamily[] = [
  entityFamily,
  discoveryFamily,
  editFamily,
  viewFamily,
  callerFamily,
  shellFamily,
  homeFamily,
  lifecycleFamily,
  timelineFamily,
  managementFamily,
];

// The graphql instance @graphql-tools builds the schema with (CommonJS; see transport/document-cache.ts).
const cjs = createRequire(import.meta.url)('graphql') as typeof import('graphql');

export interface CatalogSchema {
  schema: GraphQLSchema;
  shapes: RecordShapes;
  /**
   * Root query fields whose answer to a document is fixed by what these give (read per request): the
   * endpoint keeps an operation of such fields alone answered under them (configuration, not data).
   */
  answerInputs: ReadonlyMap<string, (ctx: GraphqlContext) => string>;
}

/** The root fields whose answer depends on the document and these inputs only. */
const ANSWER_INPUTS: ReadonlyMap<string, (ctx: GraphqlContext) => string> = new Map([['appConfig', appConfigInputs]]);

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

/**
 * One schema serves every store of the server (each session has its own): the view is the request's store's.
 * `served`, a team's SDL (overlay/load.ts), is served in place of the contract's when given.
 */
export function catalogSchema(contract: Contract, served?: DocumentNode): CatalogSchema {
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
  const resolvers = assemble(FAMILIES, viewOf);
  if (served) {
    // The built-in resolvers of the fields the team's SDL declares; those of fields it lacks are left out.
    const schema = addResolversToSchema({
      schema: cjs.buildASTSchema(served, { assumeValidSDL: true }),
      resolvers,
      resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' },
    });
    // A team's SDL may fill fields of its own into an answer: none is kept.
    return { schema: fillUnknownFields(schema, cjs.buildSchema(contract.graphqlSdl)), shapes, answerInputs: new Map() };
  }
  const schema = makeExecutableSchema({ typeDefs: contract.graphqlSdl, resolvers });
  return { schema, shapes, answerInputs: ANSWER_INPUTS };
}
