/**
 * The hash of a GraphQL document that the mock keys its per-operation counts by and the operations check
 * reports each operation with: sha256 of the document as graphql-js prints it (so layout, commas and
 * comments do not count), its first 16 hex digits. In spec/, the floor both stand on.
 */
import { createHash } from 'node:crypto';
import { print, type DocumentNode } from 'graphql';

export function documentHash(document: DocumentNode): string {
  return createHash('sha256').update(print(document)).digest('hex').slice(0, 16);
}
