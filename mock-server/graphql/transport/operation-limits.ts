/**
 * The depth and complexity of the operation a GraphQL request runs, measured as DataHub measures them
 * before it executes (v1.3.0.1, `datahub-graphql-core/.../GraphQLEngine.java`): graphql-java's
 * `MaxQueryDepthInstrumentation` and `MaxQueryComplexityInstrumentation` with DataHub's
 * `instrumentation/DataHubFieldComplexityCalculator.java`, limits `graphQL.query.depthLimit` 50 and
 * `complexityLimit` 2000 (`metadata-service/configuration/src/main/resources/application.yaml`).
 *
 * Both walk the selected operation depth first, in document order, leaving out the fields that
 * `@skip`/`@include` leave out, as graphql-java's QueryTraverser does. Its traverser enters a node once: a
 * fragment is walked where it is first spread, and a later spread of it is a back reference that counts
 * nothing (which is why the web app's search, whose fragments would inline to some 35,000 fields, keeps
 * the limit of 2000):
 * - depth: the deepest field's level, a root field being level 1 (`__typename` counts);
 * - complexity: each field counts 1 plus its children's sum (`__typename` counts 0); a field whose `input`
 *   argument has a `count` above 1 and that selects `searchResults { entity { ...searchResultFields } }`
 *   counts `2 × count` more, for the two lineage reads that fragment of the web app makes per result.
 * A document is so measured in time linear in its size.
 */
import { createRequire } from 'node:module';
import type {
  FieldNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLField,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';

// The graphql instance @graphql-tools builds the schema with (CommonJS; see document-cache.ts): its type
// checks fail on a schema of the other copy.
const {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
} = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/**
 * The limits a request's operation is held to (MockServerOptions' graphqlDepthLimit and
 * graphqlComplexityLimit), and the most items a list argument may hold: upstream counts a field 1 whatever
 * its arguments, so `entities(urns:)` with 200,000 URNs would keep its limits and still hold the server
 * for many seconds; the mock holds a list to the 10,000 results upstream's search returns at most.
 */
export interface OperationLimits {
  depth: number;
  complexity: number;
  listItems: number;
  /** The milliseconds one request's execution may take (request-budget.ts). */
  budgetMs: number;
}

/** What an operation measures: its deepest field's level, its complexity and its longest list argument. */
export interface OperationMeasure {
  depth: number;
  complexity: number;
  /** The items of its longest list argument (at the top of an argument or one field into an input object), and where. */
  list: { items: number; at: string };
}

const NO_LIST = { items: 0, at: '' };
const NOTHING: OperationMeasure = { depth: 0, complexity: 0, list: NO_LIST };

const TYPENAME = '__typename';
const SEARCH_RESULT_FRAGMENT = 'searchResultFields';

/**
 * Measures `operation` of a document parsed against `schema`, with the request's `variables` (for
 * `@skip`/`@include` and a search's count). Upstream measures after validation; the mock measures before
 * it, because validation's check of overlapping fields grows with the square of a selection's aliases: a
 * document past a limit is refused before that work.
 */
export function measureOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Record<string, unknown>,
): OperationMeasure {
  const root = schema.getRootType(operation.operation);
  if (!root) return NOTHING;
  // The fragments entered so far: a later spread of one is a back reference.
  const entered = new Set<string>();

  // A directive whose `if` does not coerce (a variable not given) counts its field in; execution then refuses it.
  const included = (node: FieldNode | FragmentDefinitionNode | SelectionSetNode['selections'][number]): boolean => {
    try {
      if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
      return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
    } catch {
      return true;
    }
  };

  const fieldOf = (parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined =>
    isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;

  /** A selection set's figures: the deepest level below it (its fields at level 1) and its fields' complexity. */
  const measureSet = (parent: GraphQLCompositeType, set: SelectionSetNode): OperationMeasure => {
    let depth = 0;
    let complexity = 0;
    let list = NO_LIST;
    for (const selection of set.selections) {
      if (!included(selection)) continue;
      let inner: OperationMeasure;
      if (selection.kind === Kind.FIELD) {
        inner = measureField(parent, selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (!on || !isCompositeType(on)) continue;
        inner = measureSet(on, selection.selectionSet);
      } else {
        inner = measureSpread(selection.name.value);
      }
      depth = Math.max(depth, inner.depth);
      complexity += inner.complexity;
      if (inner.list.items > list.items) list = inner.list;
    }
    return { depth, complexity, list };
  };

  const measureSpread = (name: string): OperationMeasure => {
    const fragment = fragments[name];
    if (!fragment || entered.has(name)) return NOTHING;
    entered.add(name);
    const on = schema.getType(fragment.typeCondition.name.value);
    return on && isCompositeType(on) ? measureSet(on, fragment.selectionSet) : NOTHING;
  };

  const measureField = (parent: GraphQLCompositeType, field: FieldNode): OperationMeasure => {
    const name = field.name.value;
    if (name === TYPENAME) return { depth: 1, complexity: 0, list: NO_LIST };
    const definition = fieldOf(parent, name);
    // Measured before validation: a field the schema lacks counts as a leaf, and validation then refuses it.
    if (!definition) return { depth: 1, complexity: 1, list: NO_LIST };
    const type = getNamedType(definition.type);
    const children = field.selectionSet && isCompositeType(type) ? measureSet(type, field.selectionSet) : NOTHING;
    const args = field.arguments?.length ? argumentsOf(definition, field) : {};
    const own = longestList(args, `${parent.name}.${name}`);
    return {
      depth: 1 + children.depth,
      complexity: 1 + lineageCost(args, field) + children.complexity,
      list: own.items >= children.list.items ? own : children.list,
    };
  };

  /** The field's arguments with the request's variables; none when they do not coerce (validation or execution says why). */
  const argumentsOf = (definition: GraphQLField<unknown, unknown>, field: FieldNode): Record<string, unknown> => {
    try {
      return getArgumentValues(definition, field, variables);
    } catch {
      return {};
    }
  };

  return measureSet(root, operation.selectionSet);
}

/** DataHubFieldComplexityCalculator's surcharge: 2 × `input.count` for a search whose results spread `searchResultFields`. */
function lineageCost(args: Record<string, unknown>, field: FieldNode): number {
  const count = (args.input as { count?: unknown } | null | undefined)?.count;
  if (typeof count !== 'number' || count <= 1) return 0;
  return spreadsSearchResultFields(field) ? 2 * count : 0;
}

/** The longest list among a field's arguments and the fields of its input-object arguments, named `field(argument)` or `field(argument.field)`. */
function longestList(args: Record<string, unknown>, field: string): { items: number; at: string } {
  let longest = NO_LIST;
  const consider = (value: unknown, at: string) => {
    if (Array.isArray(value) && value.length > longest.items) longest = { items: value.length, at };
  };
  for (const [name, value] of Object.entries(args)) {
    consider(value, `${field}(${name})`);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const [inner, item] of Object.entries(value)) consider(item, `${field}(${name}.${inner})`);
  }
  return longest;
}

/** Whether `field` selects `searchResults { entity { ...searchResultFields } }` directly (no inline fragment between, as upstream reads it). */
function spreadsSearchResultFields(field: FieldNode): boolean {
  const directFields = (set: SelectionSetNode | undefined, name: string): FieldNode[] =>
    (set?.selections ?? []).filter((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === name);
  return directFields(field.selectionSet, 'searchResults').some((results) =>
    directFields(results.selectionSet, 'entity').some((entity) =>
      (entity.selectionSet?.selections ?? []).some(
        (s) => s.kind === Kind.FRAGMENT_SPREAD && s.name.value === SEARCH_RESULT_FRAGMENT,
      ),
    ),
  );
}

/** The message of a refused request, as graphql-java words it, or undefined when the operation keeps both limits. */
export function limitExceeded(measure: OperationMeasure, limits: OperationLimits): string | undefined {
  if (measure.depth > limits.depth) return `maximum query depth exceeded ${measure.depth} > ${limits.depth}`;
  if (measure.complexity > limits.complexity)
    return `maximum query complexity exceeded ${measure.complexity} > ${limits.complexity}`;
  if (measure.list.items > limits.listItems)
    return `maximum list argument size exceeded ${measure.list.items} > ${limits.listItems} (${measure.list.at})`;
  return undefined;
}
