/**
 * The library entry of the conformance suite (`catalog-contract/conformance`), and the one face
 * `bin/conformance.ts` imports: `runConformance(options)` checks a deployment and resolves with its
 * report, as the CLI's `catalog-contract conformance` does; `junitXml(report)` gives the JUnit XML the
 * CLI's --junit writes; `preflight` asks whether the target is the service at all; the console report,
 * the interruption by Ctrl-C, `--only` and the fuzz phase's targets serve the command.
 * It never imports the mock: the suite checks any deployment.
 */
export { allChecks, runConformance } from './runner.js';
export type { ConformanceOptions, ExpectAuth } from './runner.js';
export type { CheckResult, CheckStatus } from './verdict.js';
export type { Report, SectionSummary } from './report.js';
export type { Coverage, ClauseCoverage } from './clauses.js';
export { DEFAULT_PREFIXES } from '../deployment/index.js';
export { targetOf } from './suite-target.js';
export { preflight } from './preflight.js';
export { junitXml } from './junit.js';
export { paintFor, progressLine, summaryTable, type Paint } from './console-report.js';
export { exitCodeOf, watchInterruption, type Interruption } from './interruption.js';
export { matchesOnly } from './only-pattern.js';
export { fuzzTargets, type FuzzTarget } from './fuzz/targets.js';
export { checkOperations, CannotCheckError, type OperationsOptions } from './operations/check-operations.js';
export { readOperationDocuments, DocumentError } from './operations/operation-documents.js';
export type { OperationDocument, OperationDocuments, OperationKind } from './operations/operation-documents.js';
export { TargetError } from './operations/operation-targets.js';
export { baselineKeys, findingKey } from './operations/operations-report.js';
export type {
  Finding,
  OperationCell,
  OperationColumn,
  OperationRow,
  OperationsReport,
} from './operations/operations-report.js';
export { operationsMatrix } from './operations/operations-console.js';
export { operationsJunitXml } from './operations/operations-junit.js';
export {
  coverageSummary,
  operationsCoverage,
  type OperationCoverage,
  type OperationsCoverage,
} from './operations/operations-coverage.js';
export {
  DEFAULT_INDEX_WAIT_MS,
  IndexWaitTimeoutError,
  INDEXED_IN,
  waitForIndexed,
  type Indexed,
  type IndexedIn,
  type WaitForIndexedOptions,
} from './wait-indexed.js';
