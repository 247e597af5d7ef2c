/**
 * Parsed and validated GraphQL documents, kept by query text: clients send the same few documents
 * over and over, and parsing plus validation cost more than resolving a dataset from the store.
 * Bounded by documents and by the characters of their texts (a parsed document and its validation
 * take about twice its text), the oldest dropped first; a text longer than a tenth of the bound is
 * parsed every time, never kept.
 */
import { createRequire } from 'node:module';
import type { DocumentNode, GraphQLError } from 'graphql';

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
/** Characters of query text kept at most, over all documents. */
export const MAX_DOCUMENT_CHARACTERS = 8 * 1024 * 1024;

export interface DocumentCache {
  parse: typeof parse;
  validate: typeof validate;
}

/** `maxDocuments` and `maxCharacters` bound what is kept (the defaults above; tests give smaller ones). */
export function documentCache(maxDocuments = MAX_DOCUMENTS, maxCharacters = MAX_DOCUMENT_CHARACTERS): DocumentCache {
  // In the order kept: the first is the oldest.
  const parsed = new Map<string, DocumentNode>();
  // The longest text kept: one alone never empties the cache.
  const longest = maxCharacters / 10;
  let characters = 0;
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source, options) {
      if (typeof source !== 'string' || options) return parse(source, options);
      let document = parsed.get(source);
      if (!document) {
        document = parse(source, { maxTokens: MAX_TOKENS });
        if (source.length > longest) return document;
        for (const oldest of parsed.keys()) {
          if (parsed.size < maxDocuments && characters + source.length <= maxCharacters) break;
          parsed.delete(oldest);
          characters -= oldest.length;
        }
        parsed.set(source, document);
        characters += source.length;
      }
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
