/**
 * The pull: a slice of a deployment (the entities a selection names, every aspect, time series in a
 * window) read through the documented reads and written as a seed file the mock loads unchanged, then
 * the deployment's GraphQL schema (its introspection, graphql-schema.ts), written beside it.
 * Read-only, polite (deployment-reader.ts); the token goes into request headers only.
 */
import { loadContract, writeFileWhole, type Namespace } from '../spec/index.js';
import { deploymentReader, ReadError, type ReaderOptions } from './deployment-reader.js';
import { entityEntries, type SeedEntry, type TimeWindow } from './entity-proposals.js';
import { defaultGraphqlUrl, pullSchema, type PulledSchema } from './graphql-schema.js';
import { redactor } from './redaction.js';
import { selectedUrns, type Selection } from './selection.js';

export interface PullOptions extends ReaderOptions {
  /** The deployment's names. Default svc. */
  namespace?: Namespace;
  selection: Selection;
  window?: TimeWindow;
  /** Every match in a string becomes a stable placeholder (redaction.ts). */
  redact?: readonly RegExp[];
  /** One line per step (the command writes them on stderr). */
  onProgress?: (line: string) => void;
  /** The GraphQL endpoint asked for the schema (default: graphql-schema.ts's `defaultGraphqlUrl(from)`). */
  graphqlUrl?: string;
  /** Ask for the GraphQL schema (default true); false pulls the state alone (`--no-schema`). */
  schema?: boolean;
}

export interface PullResult {
  /** The seed file's entries, entity by entity in the order they were selected. */
  entries: SeedEntry[];
  /** The entities read. */
  urns: string[];
  /** Entities whose read was refused (a 404, a 400), with the response. */
  skipped: { urn: string; reason: string }[];
  /** Requests sent. */
  requests: number;
  /** Distinct texts the redaction replaced. */
  redacted: number;
  /** The GraphQL schema, or why there is none (`writeSchemaFile` writes it beside the seed file). */
  schema: PulledSchema;
}

/**
 * A refused token, a deployment that fails or one that gives no usable answer (UnusableAnswerError: no
 * answer in time, too large, redirected elsewhere, not the JSON the read expects): no use going on,
 * every other read would fail too. Only an entity's 4xx is skipped.
 */
function isFatal(error: unknown): boolean {
  return !(error instanceof ReadError) || error.status === 401 || error.status === 403 || error.status >= 500;
}

export async function pullSlice(options: PullOptions): Promise<PullResult> {
  const progress = options.onProgress ?? (() => {});
  const contract = loadContract(options.namespace ?? 'svc');
  const reader = deploymentReader(options);
  const urns = await selectedUrns(reader, options.selection, progress);
  progress(`reading ${urns.length} entities`);
  const skipped: PullResult['skipped'] = [];
  let done = 0;
  const perEntity = await Promise.all(
    urns.map(async (urn) => {
      try {
        return await entityEntries(reader, contract, urn, options.window ?? {});
      } catch (error) {
        if (isFatal(error)) throw error;
        skipped.push({ urn, reason: (error as Error).message });
        progress(`skipped ${urn}: ${(error as Error).message}`);
        return [];
      } finally {
        done++;
        if (done % 50 === 0 || done === urns.length) progress(`read ${done}/${urns.length} entities`);
      }
    }),
  );
  const redaction = redactor(options.redact ?? []);
  const entries = perEntity.flat().map((entry) => redaction.entry(entry));
  const read = urns.filter((urn) => !skipped.some((s) => s.urn === urn));
  // The schema after the state: a deployment whose state cannot be read is not asked for it.
  const schema: PulledSchema =
    options.schema === false
      ? { kind: 'not-asked' }
      : await pullSchema(reader, options.graphqlUrl ?? defaultGraphqlUrl(options.from));
  return { entries, urns: read, skipped, requests: reader.sent(), redacted: redaction.replaced(), schema };
}

/** The entries as a seed file: a JSON array, one entry per line, written whole (the previous file or this one, never part). */
export function writeSeedFile(path: string, entries: readonly SeedEntry[]): void {
  writeFileWhole(path, `[\n${entries.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`);
}
