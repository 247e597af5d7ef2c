/**
 * The library entry of the conformance suite (`catalog-contract/conformance`):
 * `runConformance(options)` checks a deployment and resolves with its report, as the CLI's
 * `catalog-contract conformance` does; `junitXml(report)` gives the JUnit XML the CLI's --junit writes.
 * It never imports the mock: the suite checks any deployment.
 */
export { runConformance, DEFAULT_PREFIXES } from './runner.js';
export type { ConformanceOptions, Report, CheckResult, CheckStatus, SectionSummary, ExpectAuth } from './runner.js';
export type { Coverage, ClauseCoverage } from './clauses.js';
export { junitXml } from './junit.js';
