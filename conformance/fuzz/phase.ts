/**
 * The fuzz phase: `count` cases drawn from the seed, sent one after the other, each response judged
 * (verdict.ts), and the store watched: through `/__mock/snapshot` when the deployment has it (a digest
 * before, after every batch of cases and at the end), otherwise through reads of the run's own URNs
 * after each case that could write (a deployment that wrongly accepted one stored something there).
 * Each failure carries the curl that sends the case again and the clause of the broken field.
 */
import { send, type DeploymentTarget } from '../../deployment/index.js';
import type { Contract } from '../../spec/index.js';
import { matchesOnly } from '../only-pattern.js';
import { fuzzCases } from './cases.js';
import type { FuzzCase } from './fuzz-case.js';
import { curlOf } from './curl.js';
import { knownDifference, type FuzzResponse } from './differences.js';
import { Random } from './random.js';
import { fuzzTargets, runUrn } from './targets.js';
import { verdict } from './verdict.js';

export interface FuzzOptions {
  /** The deployment: its base URL, GraphQL URL, prefixes, token, and how long a response may take before the case counts as a hang. */
  target: DeploymentTarget;
  /** The contract of the deployment's namespace, as the run loaded it. */
  contract: Contract;
  count: number;
  seed: number;
  runId: string;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  /** --only: the operations whose `fuzz.<operationId>` or clause contains it (GraphQL: `fuzz.graphql`). */
  only?: string;
}

export interface FuzzFailure {
  id: string;
  clause: string;
  message: string;
  difference?: string;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  /** Whether the store was watched through /__mock/snapshot (else through reads of the run's URNs). */
  snapshot: boolean;
  failures: FuzzFailure[];
  knownDifferences: FuzzFailure[];
}

const BATCH = 100;

async function sendCase(
  target: DeploymentTarget,
  url: string,
  fuzzCase: FuzzCase,
  timeoutMs: number,
): Promise<FuzzResponse | 'hang'> {
  try {
    const response = await send(target, {
      method: fuzzCase.method,
      url,
      headers: fuzzCase.headers,
      ...(fuzzCase.body ? { body: new Uint8Array(fuzzCase.body) } : {}),
      timeoutMs,
    });
    return { status: response.status, text: response.text };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return 'hang';
    throw error;
  }
}

async function snapshotDigest(target: DeploymentTarget): Promise<string | undefined> {
  try {
    const response = await send(target, { url: '/__mock/snapshot', bearer: null });
    if (!response.ok) return undefined;
    const body = response.json as { digest?: unknown } | undefined;
    return typeof body?.digest === 'string' ? body.digest : undefined;
  } catch {
    return undefined;
  }
}

export async function runFuzzPhase(options: FuzzOptions): Promise<FuzzReport> {
  const { target, contract } = options;
  const { baseUrl } = target;
  const graphqlUrl = new URL(target.graphqlUrl);
  const graphqlBase = graphqlUrl.origin;
  const { timeoutMs } = target;
  const cases = fuzzCases({
    count: options.count,
    contract,
    targets: fuzzTargets(contract, options.runId).filter((t) =>
      matchesOnly(options.only, `fuzz.${t.op.operationId}`, t.clause),
    ),
    graphql: {
      contract,
      runId: options.runId,
      target: graphqlUrl.pathname + graphqlUrl.search,
      include: matchesOnly(options.only, 'fuzz.graphql', '4.1 GraphQL'),
    },
    prefixes: target.prefixes,
    allowWrites: !!options.allowWrites,
    allowDestructive: !!options.allowWrites && !!options.allowDestructive,
    random: new Random(options.seed),
  });
  const report: FuzzReport = {
    seed: options.seed,
    cases: cases.length,
    snapshot: false,
    failures: [],
    knownDifferences: [],
  };
  let digest = await snapshotDigest(target);
  report.snapshot = digest !== undefined;
  const strict = report.snapshot;
  const caseBase = (c: FuzzCase): string => (c.graphql ? graphqlBase : baseUrl);
  const describe = (c: FuzzCase): string => `case ${c.index} of seed ${options.seed} (${c.field}, ${c.kind}): `;
  const fail = (c: FuzzCase, why: string, response?: FuzzResponse): void => {
    const message = `${describe(c)}${why}\n    ${curlOf(c, caseBase(c), target.token)}`;
    const difference = response ? knownDifference(contract, c, response) : undefined;
    const failure = {
      id: `fuzz.${c.kind}`,
      clause: c.clause,
      message,
      ...(difference ? { difference: difference.id } : {}),
    };
    (difference ? report.knownDifferences : report.failures).push(failure);
  };
  const ownUrnsUntouched = async (c: FuzzCase): Promise<string | undefined> => {
    const urn = runUrn(contract, options.runId);
    const response = await send(target, { url: `${target.prefixes[0] ?? ''}/entitiesV2/${encodeURIComponent(urn)}` });
    if (!response.ok) return undefined;
    // Parsed as response.json() would: a body that is not JSON stops the phase.
    const aspects = Object.keys((JSON.parse(response.text) as { aspects?: object }).aspects ?? {});
    const key = contract.entity('dataset')?.keyAspect;
    const stored = aspects.filter((a) => a !== key);
    return stored.length ? `the run's URN ${urn} now has ${stored.join(', ')} after case ${c.index}` : undefined;
  };

  let batchStart = 0;
  const accepted: FuzzCase[] = [];
  for (const c of cases) {
    const response = await sendCase(target, caseBase(c) + c.target, c, timeoutMs);
    if (response === 'hang') fail(c, `no answer within ${timeoutMs} ms`);
    else {
      const wrong = verdict(c, response, strict);
      if (wrong) fail(c, wrong, response);
      if (response.status < 400) accepted.push(c);
    }
    if (!report.snapshot && c.harm !== 'read') {
      const changed = await ownUrnsUntouched(c);
      if (changed) fail(c, changed);
    }
    const last = c === cases[cases.length - 1];
    if (report.snapshot && (last || c.index - batchStart + 1 >= BATCH)) {
      const now = await snapshotDigest(target);
      if (now !== digest) {
        const suspects = accepted.filter((a) => a.index >= batchStart);
        const first = suspects[0] ?? c;
        fail(
          first,
          `the store changed (/__mock/snapshot) during cases ${batchStart}-${c.index}${suspects.length ? `; accepted there: ${suspects.map((s) => s.index).join(', ')}` : ''}`,
        );
        digest = now;
      }
      batchStart = c.index + 1;
    }
  }
  return report;
}
