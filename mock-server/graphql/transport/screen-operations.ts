/**
 * The saved example operations the explorer opens as tabs, one per screen of a catalog frontend
 * (spec/graphql/screens/*.graphql, written for the sample catalog in the svc namespace and rewritten
 * into the server's).
 */
import { readFileSync } from 'node:fs';
import { fromRoot, NAMESPACES, rewriteNamespace, specFiles } from '../../../spec/index.js';

export const SCREENS_FOLDER = 'graphql/screens';

export function screenOperations(urnPrefix: string): { query: string }[] {
  const ns = Object.values(NAMESPACES).find((names) => names.urnPrefix === urnPrefix)?.namespace ?? 'svc';
  return specFiles(SCREENS_FOLDER, '.graphql').map((file) => ({
    query: rewriteNamespace(readFileSync(fromRoot('spec', SCREENS_FOLDER, file), 'utf8'), ns),
  }));
}
