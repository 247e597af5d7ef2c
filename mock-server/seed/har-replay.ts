/**
 * `--seed-har`: the writes of a HAR capture sent again, in order, through the in-process fetch of the
 * mock being made (before it listens), as its admin (the capture's own token means nothing here), so they go through the same routes,
 * checks and GraphQL resolvers as any write; the capture's reads are checked (har-file.ts). A write
 * the mock refuses (a 4xx, or a GraphQL answer with errors) is reported, and the rest applied.
 */
import type { Contract } from '../../spec/index.js';
import type { MockFetch } from '../wire/mock-fetch.js';
import { readHarFile, type HarNote } from './har-file.js';

export { HarFileError, type HarNote } from './har-file.js';

export interface HarReplay {
  source: string;
  /** Writes the mock accepted. */
  applied: number;
  refused: HarNote[];
  /** Reads checked against the contract, and those whose recorded answer breaks it. */
  reads: number;
  violations: HarNote[];
  /** Entries that are no traffic of the service (pages, scripts, images). */
  ignored: number;
}

function graphqlErrors(text: string): string[] {
  try {
    const answer = JSON.parse(text) as { errors?: { message?: string }[] };
    return (answer.errors ?? []).map((e) => String(e.message));
  } catch {
    return [];
  }
}

export async function replayHar(
  path: string,
  target: { fetch: MockFetch; contract: Contract; token: string | undefined },
): Promise<HarReplay> {
  const capture = readHarFile(path, target.contract);
  const replay: HarReplay = {
    source: path,
    applied: 0,
    refused: [],
    reads: capture.reads,
    violations: capture.violations,
    ignored: capture.ignored,
  };
  for (const write of capture.writes) {
    const headers = { ...write.headers, ...(target.token ? { authorization: `Bearer ${target.token}` } : {}) };
    const response = await target.fetch(write.target, {
      method: write.method,
      headers,
      ...(write.body !== undefined ? { body: write.body } : {}),
    });
    const text = await response.text();
    const errors = response.ok ? graphqlErrors(text) : [text.slice(0, 300)];
    if (errors.length)
      replay.refused.push({
        entry: write.entry,
        method: write.method,
        target: write.target,
        status: response.status,
        message: errors.join('; '),
      });
    else replay.applied++;
  }
  return replay;
}

/** One line per refused write and per read that breaks the contract, then the totals. */
export function describeHarReplay(replay: HarReplay): string[] {
  const note = (kind: string, n: HarNote): string =>
    `  ${kind} entry ${n.entry}: ${n.method} ${n.target}${n.status ? ` (${n.status})` : ''}: ${n.message}`;
  return [
    `${replay.source}: ${replay.applied} writes applied, ${replay.refused.length} refused; ${replay.reads} reads checked, ${replay.violations.length} break the contract; ${replay.ignored} entries not of the service`,
    ...replay.refused.map((n) => note('refused', n)),
    ...replay.violations.map((n) => note('contract', n)),
  ];
}
