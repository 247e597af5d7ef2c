/**
 * Parsed and validated GraphQL documents, kept by query text: clients send the same few documents
 * over and over, and parsing plus validation cost more than resolving a dataset from the store.
 */
import { createRequire } from 'node:module';
import type { DocumentNode, GraphQLError } from 'graphql';

// The same graphql instance @graphql-tools loads (CommonJS): a schema built by one copy fails the
// other copy's instanceof checks, and test runners may resolve the ESM build for us.
const { parse, validate, specifiedRules } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

const MAX_DOCUMENTS = 500;

export interface DocumentCache {
  parse: typeof parse;
  validate: typeof validate;
}

export function documentCache(): DocumentCache {
  const parsed = new Map<string, DocumentNode>();
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source, options) {
      if (typeof source !== 'string' || options) return parse(source, options);
      let document = parsed.get(source);
      if (!document) {
        document = parse(source);
        if (parsed.size >= MAX_DOCUMENTS) parsed.clear();
        parsed.set(source, document);
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
