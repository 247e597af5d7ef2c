/**
 * The check groups in run order: reads and discovery first, the lifecycle and writes after them,
 * and the operations last, because the real truncation removes time series points others read.
 * restoreIndices comes after every write, so that the run's rows it pages through stay the same.
 */
import type { CheckGroup } from '../check.js';
import { aspectChecks } from './aspects.js';
import { graphqlChecks } from './graphql.js';
import { identifierChecks } from './identifiers.js';
import { ingestionChecks } from './ingestion.js';
import { lifecycleChecks } from './lifecycle.js';
import { negativeChecks } from './negative.js';
import { operationsChecks } from './operations.js';
import { readsChecks } from './reads.js';
import { restoreIndicesChecks } from './restore-indices.js';
import { searchChecks } from './search.js';
import { testsChecks } from './tests.js';
import { transportChecks } from './transport.js';
import { versioningChecks } from './versioning.js';

export const CHECK_GROUPS: readonly CheckGroup[] = [
  transportChecks,
  identifierChecks,
  readsChecks,
  versioningChecks,
  searchChecks,
  graphqlChecks,
  testsChecks,
  ingestionChecks,
  aspectChecks,
  lifecycleChecks,
  negativeChecks,
  operationsChecks,
  restoreIndicesChecks,
];
