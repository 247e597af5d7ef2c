/**
 * The GraphQL of a code file (.ts, .tsx, .js, ...) as codegen finds it, with graphql-tag-pluck: the template
 * literals tagged `gql` or `graphql` (also as a call) or marked with a `/* GraphQL *\/` comment. An
 * interpolation (`${FRAGMENT}`, how a fragment is usually brought in) is left out: a fragment is resolved by
 * its name across the documents, as codegen resolves it.
 */
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';

export interface TaggedTemplate {
  /** The template's text, its interpolations removed. */
  text: string;
  /** 1-based line of the template's opening backtick. */
  line: number;
}

/** The tagged templates of `code`, read as the file `file` (its extension decides the syntax: JSX, TypeScript). */
export function taggedTemplates(file: string, code: string): TaggedTemplate[] {
  return gqlPluckFromCodeStringSync(file, code).map((source) => ({
    text: source.body,
    line: source.locationOffset.line,
  }));
}
