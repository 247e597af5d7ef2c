/**
 * The library entry of the conformance suite (`catalog-contract/conformance`), and the one face
 * `bin/conformance.ts` imports: `runConformance(options)` checks a deployment and resolves with its
 * report, as the CLI's `catalog-contract conformance` does; `junitXml(report)` gives the JUnit XML the
 * CLI's --junit writes; `preflight` asks whether the target is the service at all; the console report,
 * the interruption by Ctrl-C, `--only` and the fuzz phase's targets serve the command.
 * It never imports the mock: the suite checks any deployment.
 */
export { allChecks, cannotCheckReport, runConformance } from './runner.js';
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
