/**
 * Parsed and validated GraphQL documents, kept by query text: clients send the same few documents
 * over and over, and parsing plus validation cost more than resolving a dataset from the store.
 * Bounded by documents and by bytes: a document weighs its text and its tokens, the oldest dropped
 * first; a document heavier than a tenth of the bound is parsed every time, never kept.
 */
import { createRequire } from 'node:module';
import type { DocumentNode, GraphQLError, Token } from 'graphql';

// The same graphql instance @graphql-tools loads (CommonJS): a schema built by one copy fails the
// other copy's instanceof checks, and test runners may resolve the ESM build for us.
const { parse, validate, specifiedRules } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/**
 * Tokens a document may hold: graphql-java's default for operations (`ParserOptions.MAX_QUERY_TOKENS`), which
 * DataHub v1.3.0.1 keeps (graphql-java 22.3, no parser options set in datahub-graphql-core): past it the parse
 * stops, so a document of megabytes costs no more than its first 15,000 tokens.
 */
export const MAX_TOKENS = 15_000;

/** Documents kept at most. */
export const MAX_DOCUMENTS = 500;
/** Bytes of documents kept at most, their texts and tokens (TOKEN_BYTES) weighed together. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

/**
 * What a kept document weighs per token beside its text: a parsed document keeps every token of its text
 * (linked from its nodes' locations, some 90 bytes each) and a location of some 64 bytes per node. A text
 * of short tokens (aliases of `__typename`) weighs twenty times its characters once parsed: heap snapshots
 * of the hostile-input run found 337,000 tokens (30 MB) and 329,000 locations (21 MB) kept.
 */
export const TOKEN_BYTES = 150;

/** The tokens of a parsed document, counted along their links from its first. */
function tokensOf(document: DocumentNode): number {
  let tokens = 0;
  for (let token: Token | null | undefined = document.loc?.startToken; token; token = token.next) tokens += 1;
  return tokens;
}

export interface DocumentCache {
  parse: typeof parse;
  validate: typeof validate;
}

/** `maxDocuments` and `maxBytes` bound what is kept (the defaults above; tests give smaller ones). */
export function documentCache(maxDocuments = MAX_DOCUMENTS, maxBytes = MAX_DOCUMENT_BYTES): DocumentCache {
  // In the order kept, with their weights: the first is the oldest.
  const parsed = new Map<string, { document: DocumentNode; bytes: number }>();
  // The heaviest document kept: one alone never empties the cache.
  const heaviest = maxBytes / 10;
  let bytes = 0;
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source, options) {
      if (typeof source !== 'string' || options) return parse(source, options);
      const kept = parsed.get(source);
      if (kept) return kept.document;
      const document = parse(source, { maxTokens: MAX_TOKENS });
      const weight = source.length + TOKEN_BYTES * tokensOf(document);
      if (weight > heaviest) return document;
      for (const [oldest, { bytes: oldestBytes }] of parsed) {
        if (parsed.size < maxDocuments && bytes + weight <= maxBytes) break;
        parsed.delete(oldest);
        bytes -= oldestBytes;
      }
      parsed.set(source, { document, bytes: weight });
      bytes += weight;
      return document;
    },
    validate(schema, document, rules, options, typeInfo) {
      // Only the default rules are cached; anything else is validated afresh.
      const defaultRules =
        !rules || (rules.length === specifiedRules.length && rules.every((rule, i) => rule === specifiedRules[i]));
      if (!defaultRules || options || typeInfo) return validate(schema, document, rules, options, typeInfo);
      let errors = validated.get(document);
      if (!errors) {
        errors = validate(schema, document);
        validated.set(document, errors);
      }
      return errors;
    },
  };
}
