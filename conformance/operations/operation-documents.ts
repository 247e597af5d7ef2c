/**
 * A team's operations as its frontend sends them: the definitions of every document file (`.graphql`, and
 * the tagged templates of code files) gathered into one pool, then each named operation with the
 * fragments it spreads, directly or through other fragments, from whichever file defines them, as
 * graphql-codegen resolves them. A fragment or an operation defined twice with the same text is kept once;
 * twice with different texts, or a spread of a fragment no document defines, is an error naming the files.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  GraphQLError,
  Kind,
  parse,
  print,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { documentHash } from '../../spec/index.js';
import { documentFiles } from './document-files.js';
import { taggedTemplates } from './tagged-templates.js';

export type OperationKind = 'query' | 'mutation' | 'subscription';

export interface OperationDocument {
  name: string;
  kind: OperationKind;
  /** The file that defines the operation, relative to the working folder, and its line. */
  file: string;
  line: number;
  /** The operation and the fragments it needs, as sent: printed, fragments in name order. */
  text: string;
  /** The hash the mock keys its per-operation counts by (`documentHash`). */
  hash: string;
}

export interface OperationDocuments {
  operations: OperationDocument[];
  files: string[];
  fragments: number;
  /** Fragments defined again, word for word, in another place and kept once. */
  duplicateFragmentsMerged: number;
  /** Operations defined again, word for word (DataHub's app has two), kept once. */
  duplicateOperationsMerged: number;
}

/** Documents a run cannot check: the message names the file (and line) at fault. A usage error, exit 2. */
export class DocumentError extends Error {}

interface Located<T> {
  node: T;
  file: string;
  line: number;
}

/** The GraphQL sources of a file: the file itself, or each tagged template with the line it starts on. */
function sourcesOf(file: string): { text: string; line: number }[] {
  const content = readFileSync(file, 'utf8');
  if (/\.(graphql|gql)$/.test(file)) return [{ text: content, line: 1 }];
  try {
    return taggedTemplates(file, content);
  } catch (error) {
    throw new DocumentError(`${file}: ${(error as Error).message}`);
  }
}

function parsed(text: string, file: string, firstLine: number): DocumentNode {
  try {
    return parse(text);
  } catch (error) {
    const line = (error instanceof GraphQLError ? (error.locations?.[0]?.line ?? 1) : 1) + firstLine - 1;
    throw new DocumentError(`${file}:${line}: ${error instanceof GraphQLError ? error.message : String(error)}`);
  }
}

/** The names of the fragments a node spreads, directly. */
function spreadsOf(node: OperationDefinitionNode | FragmentDefinitionNode): Set<string> {
  const names = new Set<string>();
  visit(node, { FragmentSpread: (spread) => void names.add(spread.name.value) });
  return names;
}

/** Reads the documents of every `--documents` value. */
export function readOperationDocuments(patterns: readonly string[]): OperationDocuments {
  let files: string[];
  try {
    files = [...new Set(patterns.flatMap((pattern) => documentFiles(pattern)))];
  } catch (error) {
    throw new DocumentError((error as Error).message);
  }
  const operations = new Map<string, Located<OperationDefinitionNode> & { text: string }>();
  const fragments = new Map<string, Located<FragmentDefinitionNode> & { text: string }>();
  let duplicateFragmentsMerged = 0;
  let duplicateOperationsMerged = 0;
  for (const path of files) {
    const file = relative(process.cwd(), path) || path;
    for (const source of sourcesOf(path)) {
      for (const definition of parsed(source.text, file, source.line).definitions) {
        const line = (definition.loc?.startToken.line ?? 1) + source.line - 1;
        if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          const name = definition.name.value;
          const text = print(definition);
          const known = fragments.get(name);
          if (known && known.text !== text)
            throw new DocumentError(
              `fragment ${name} is defined twice with different selections: ${known.file}:${known.line} and ${file}:${line}`,
            );
          if (known) duplicateFragmentsMerged += 1;
          else fragments.set(name, { node: definition, file, line, text });
        } else if (definition.kind === Kind.OPERATION_DEFINITION) {
          const name = definition.name?.value;
          if (!name) throw new DocumentError(`${file}:${line}: an operation without a name (name every operation)`);
          const text = print(definition);
          const known = operations.get(name);
          if (known && known.text !== text)
            throw new DocumentError(
              `operation ${name} is defined twice with different texts: ${known.file}:${known.line} and ${file}:${line}`,
            );
          if (known) duplicateOperationsMerged += 1;
          else operations.set(name, { node: definition, file, line, text });
        }
      }
    }
  }
  /** The fragments an operation needs, transitively, in name order. */
  const needed = (operation: Located<OperationDefinitionNode>): FragmentDefinitionNode[] => {
    const seen = new Set<string>();
    const queue = [...spreadsOf(operation.node)];
    while (queue.length) {
      const name = queue.shift()!;
      if (seen.has(name)) continue;
      const fragment = fragments.get(name);
      if (!fragment)
        throw new DocumentError(
          `${operation.file}:${operation.line}: operation ${operation.node.name?.value} spreads fragment ${name}, which no document defines`,
        );
      seen.add(name);
      queue.push(...spreadsOf(fragment.node));
    }
    return [...seen].sort().map((name) => fragments.get(name)!.node);
  };
  const documents = [...operations.values()].map((operation): OperationDocument => {
    const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation.node, ...needed(operation)] };
    return {
      name: operation.node.name!.value,
      kind: operation.node.operation as OperationKind,
      file: operation.file,
      line: operation.line,
      text: print(document),
      hash: documentHash(document),
    };
  });
  if (!documents.length) throw new DocumentError(`the documents (${patterns.join(', ')}) hold no named operation`);
  return {
    operations: documents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    files: files.map((path) => relative(process.cwd(), path) || path),
    fragments: fragments.size,
    duplicateFragmentsMerged,
    duplicateOperationsMerged,
  };
}
