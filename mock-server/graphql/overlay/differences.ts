/**
 * How a team's schema differs from the built-in one in what the mock implements: each type, field,
 * argument and enum value of the built-in schema that the served schema lacks or declares with another
 * type. What the served schema adds is not a difference: its new fields answer as a deployment without
 * their data does (fill.ts).
 */
import { createRequire } from 'node:module';
import type { GraphQLArgument, GraphQLField, GraphQLInputField, GraphQLNamedType, GraphQLSchema } from 'graphql';

// The graphql instance @graphql-tools builds the served schema with (CommonJS; see ../transport/document-cache.ts).
const { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isUnionType } = createRequire(
  import.meta.url,
)('graphql') as typeof import('graphql');

/** A type's kind as the SDL writes it. */
function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'type';
  if (isInterfaceType(type)) return 'interface';
  if (isInputObjectType(type)) return 'input';
  if (isEnumType(type)) return 'enum';
  if (isUnionType(type)) return 'union';
  return isScalarType(type) ? 'scalar' : 'type';
}

type Fielded = GraphQLField<unknown, unknown> | GraphQLInputField;

/** The fields of a type that has them (object, interface, input), by name. */
function fieldsOf(type: GraphQLNamedType): Record<string, Fielded> | undefined {
  return isObjectType(type) || isInterfaceType(type) || isInputObjectType(type) ? type.getFields() : undefined;
}

/** The arguments of a field, by name (an input field has none). */
function argsOf(field: Fielded): Record<string, GraphQLArgument> {
  return Object.fromEntries(('args' in field ? field.args : []).map((arg) => [arg.name, arg]));
}

/** One line per difference, in the built-in schema's order: `Type.field(arg): X built in, Y served` or `...: missing`. */
export function signatureDifferences(builtIn: GraphQLSchema, served: GraphQLSchema): string[] {
  const lines: string[] = [];
  for (const type of Object.values(builtIn.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const other = served.getType(type.name);
    if (!other) {
      lines.push(`${kindOf(type)} ${type.name}: missing`);
      continue;
    }
    if (kindOf(other) !== kindOf(type)) {
      lines.push(`${type.name}: ${kindOf(type)} built in, ${kindOf(other)} served`);
      continue;
    }
    if (isEnumType(type) && isEnumType(other)) {
      const values = new Set(other.getValues().map((value) => value.name));
      for (const value of type.getValues())
        if (!values.has(value.name)) lines.push(`${type.name}.${value.name}: missing`);
      continue;
    }
    const fields = fieldsOf(type);
    const otherFields = fieldsOf(other);
    if (!fields || !otherFields) continue;
    for (const [name, field] of Object.entries(fields)) {
      const coordinate = `${type.name}.${name}`;
      const theirs = otherFields[name];
      if (!theirs) {
        lines.push(`${coordinate}: missing`);
        continue;
      }
      if (String(field.type) !== String(theirs.type))
        lines.push(`${coordinate}: ${String(field.type)} built in, ${String(theirs.type)} served`);
      const theirArgs = argsOf(theirs);
      for (const [argName, arg] of Object.entries(argsOf(field))) {
        const their = theirArgs[argName];
        if (!their) lines.push(`${coordinate}(${argName}): missing`);
        else if (String(arg.type) !== String(their.type))
          lines.push(`${coordinate}(${argName}): ${String(arg.type)} built in, ${String(their.type)} served`);
      }
    }
  }
  return lines;
}
