/**
 * The check groups in run order: reads and discovery first, the lifecycle and writes after them,
 * and the operations last, because the real truncation removes time series points others read.
 */
import type { CheckGroup } from '../check.js';
import { graphqlChecks } from './graphql.js';
import { ingestionChecks } from './ingestion.js';
import { lifecycleChecks } from './lifecycle.js';
import { negativeChecks } from './negative.js';
import { operationsChecks } from './operations.js';
import { readsChecks } from './reads.js';
import { searchChecks } from './search.js';
import { testsChecks } from './tests.js';
import { transportChecks } from './transport.js';

export const CHECK_GROUPS: readonly CheckGroup[] = [
  transportChecks,
  readsChecks,
  searchChecks,
  graphqlChecks,
  testsChecks,
  ingestionChecks,
  lifecycleChecks,
  negativeChecks,
  operationsChecks,
];
