/**
 * The context one check runs with (check.ts `CheckContext`): the contract, the clients of the first
 * prefix and of the check's own, the run's fixture and flags, `skip`, and `eventually`, the poll of an
 * index-derived read after a write, which notes how long the check's reads waited for the index.
 */
import type { Contract } from '../spec/index.js';
import { CheckSkipped, type CheckContext, type ExpectAuth } from './check.js';
import type { CatalogClient } from './client.js';
import type { RunFixture } from './fixture.js';

/** Between two reads of a poll: short enough for a mock's lag, long enough not to load a deployment. */
const POLL_INTERVAL_MS = 100;

/** What every check of a run shares. */
export interface RunSettings {
  contract: Contract;
  /** Client of the first prefix. */
  client: CatalogClient;
  fixture: RunFixture;
  runId: string;
  dataset?: string;
  expectAuth: ExpectAuth;
  allowWrites: boolean;
  allowDestructive: boolean;
  /** How long an index-derived read after a write polls until the write shows. */
  indexWaitMs: number;
}

/** How long a check's index-derived reads waited, and whether one gave up. */
export interface IndexWaits {
  ms: number;
  exhausted: boolean;
}

/** The context of one check on `prefixClient`, and the record of its waits for the index. */
export function checkContext(run: RunSettings, prefixClient: CatalogClient): { ctx: CheckContext; waits: IndexWaits } {
  const { indexWaitMs } = run;
  const waits: IndexWaits = { ms: 0, exhausted: false };
  const ctx: CheckContext = {
    contract: run.contract,
    client: run.client,
    prefixClient,
    fixture: run.fixture,
    runId: run.runId,
    ...(run.dataset ? { dataset: run.dataset } : {}),
    expectAuth: run.expectAuth,
    allowWrites: run.allowWrites,
    allowDestructive: run.allowDestructive,
    skip: (why) => {
      throw new CheckSkipped(why);
    },
    eventually: async (read, visible) => {
      let result = await read();
      // Only a write that did not show at the first read makes the check wait.
      const started = Date.now();
      let polled = false;
      while (!visible(result)) {
        if (Date.now() - started >= indexWaitMs) {
          waits.exhausted = true;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, indexWaitMs)));
        result = await read();
        polled = true;
      }
      if (polled) waits.ms += Date.now() - started;
      return result;
    },
  };
  return { ctx, waits };
}
